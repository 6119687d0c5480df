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
  /// The messages deleted since the cursor sent (their authors took them back), oldest
  /// deletion first: a reader drops them. A deletion moves the ``cursor`` as a message does, so
  /// a poll after the cursor hears of it once.
  public var deleted: [MessageID]

  /// Creates a page.
  public init(messages: [Message], cursor: MessageID?, hasMore: Bool, deleted: [MessageID] = []) {
    self.messages = messages
    self.cursor = cursor
    self.hasMore = hasMore
    self.deleted = deleted
  }

  /// Reads a page; one without `deleted` (from a server that deletes nothing) has none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    messages = try container.decode([Message].self, forKey: .messages)
    cursor = try container.decodeIfPresent(MessageID.self, forKey: .cursor)
    hasMore = try container.decode(Bool.self, forKey: .hasMore)
    deleted = try container.decodeIfPresent([MessageID].self, forKey: .deleted) ?? []
  }
}
