import CommonDataModels
import MessageDataModels

/// What following a room reports, in order: the room as read, then new messages, and whether
/// the server can be reached.
///
/// ```swift
/// for try await update in messageClient.followRoom(artistId, room.cursor) {
///   await send(.roomUpdated(update))
/// }
/// ```
public enum RoomUpdate: Equatable, Sendable {
  /// Every message after the cursor following started from, oldest first (maybe none); always the
  /// first update, sent once every page is read.
  case loaded([Message])
  /// New messages, oldest first; never empty.
  case messages([Message])
  /// Asking for messages failed in a way that may pass (the server is unreachable, timed out or
  /// failed); following goes on, with the next try after `retryIn`.
  case interrupted(APIError, retryIn: Duration)
  /// The server answered again after an interruption.
  case resumed
}
