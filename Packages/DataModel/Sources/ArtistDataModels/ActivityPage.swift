import CommonDataModels

/// The answer of `GET /v1/activity?after=<cursor>&wait=<seconds>`: the caller's rooms with news
/// after the cursor.
///
/// Without `after` every room with any news is listed, so the first answer gives the cursor and
/// every unread count; ask again with `after = cursor` (and `wait`, to have the server hold the
/// request until news arrives) to learn only what changed.
///
/// ```swift
/// var cursor: MessageID? = nil
/// let page = try await api.send(Endpoint<ActivityPage>(.get, APIPaths.activity))
/// cursor = page.cursor
/// ```
public struct ActivityPage: Codable, Sendable, Equatable {
  /// The rooms with news after the cursor, by artist id.
  public var rooms: [RoomActivity]
  /// The id to pass as `after` next time: the newest news the caller may see, or the `after`
  /// sent (`nil` when there is no news at all and no `after` was sent).
  public var cursor: MessageID?

  /// Creates a page.
  public init(rooms: [RoomActivity], cursor: MessageID?) {
    self.rooms = rooms
    self.cursor = cursor
  }
}
