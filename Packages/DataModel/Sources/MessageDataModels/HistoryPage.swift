import CommonDataModels

/// The answer of `GET /v1/rooms/{artistId}/history?before=<id>&limit=<n>`: the newest messages
/// before an id (the newest of the room when no `before` is sent), oldest first.
///
/// Page back by sending the first message's id as `before` next time, while ``hasOlder``.
///
/// ```swift
/// let newest = try await messageClient.olderMessages(artistId, nil)
/// if newest.hasOlder, let first = newest.messages.first {
///   let earlier = try await messageClient.olderMessages(artistId, first.id)
/// }
/// ```
public struct HistoryPage: Codable, Sendable, Equatable {
  /// The messages the caller may see, oldest first.
  public var messages: [Message]
  /// Whether the caller may see messages older than the first of this page.
  public var hasOlder: Bool

  /// Creates a page.
  public init(messages: [Message], hasOlder: Bool) {
    self.messages = messages
    self.hasOlder = hasOlder
  }
}
