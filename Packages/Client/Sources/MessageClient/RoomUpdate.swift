import CommonDataModels
import MessageDataModels

/// What following a room reports, in order: the room as read, then new and deleted messages,
/// and whether the server can be reached.
///
/// ```swift
/// for try await update in messageClient.followRoom(artistId, room.cursor) {
///   await send(.roomUpdated(update))
/// }
/// ```
public enum RoomUpdate: Equatable, Sendable {
  /// The room as read, oldest first (maybe empty): its newest page when following started without
  /// a cursor, else every message after the cursor. Always the first update. `hasOlder` says
  /// whether older messages than these are there to page back to (always `false` after a cursor:
  /// the reader had those already).
  case loaded([Message], hasOlder: Bool)
  /// New messages, oldest first; never empty.
  case messages([Message])
  /// Messages their authors deleted (some maybe never read here): drop them; never empty.
  case deleted([MessageID])
  /// Asking for messages failed in a way that may pass (the server is unreachable, timed out or
  /// failed); following goes on, with the next try after `retryIn`.
  case interrupted(APIError, retryIn: Duration)
  /// The server answered again after an interruption.
  case resumed
}
