import CommonDataModels

/// The answer of `GET /v1/rooms/{artistId}/messages?after=<cursor>&limit=<n>`.
///
/// Messages come oldest first. Poll with `after = cursor` to receive only newer ones.
///
/// ```swift
/// var cursor: MessageID? = nil
/// let page = try await messageClient.messages(artistID, cursor)
/// cursor = page.cursor
/// ```
public struct MessagePage: Codable, Sendable, Equatable {
  /// The messages the caller may see, oldest first.
  public var messages: [Message]
  /// The id to pass as `after` next time: the last message's id, or the `after` sent (or `nil`
  /// when the room is empty and no `after` was sent).
  public var cursor: MessageID?
  /// Whether more messages are waiting after this page (the `limit` was reached).
  public var hasMore: Bool

  /// Creates a page.
  public init(messages: [Message], cursor: MessageID?, hasMore: Bool) {
    self.messages = messages
    self.cursor = cursor
    self.hasMore = hasMore
  }
}
