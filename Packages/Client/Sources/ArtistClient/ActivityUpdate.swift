import ArtistDataModels
import CommonDataModels

/// What following the caller's rooms reports, in order: every room's news as first read, then
/// the rooms that change, and whether the server can be reached.
///
/// ```swift
/// for try await update in artistClient.followActivity() {
///   await send(.activityUpdated(update))
/// }
/// ```
public enum ActivityUpdate: Equatable, Sendable {
  /// Every room of the caller's with any news, each with its unread count (maybe none): always
  /// the first update, and the counts to show from then on.
  case loaded([RoomActivity])
  /// Rooms with news since the last update, each with its count of new messages and its unread
  /// count now; never empty.
  case changed([RoomActivity])
  /// Asking failed in a way that may pass (the server is unreachable, timed out or failed);
  /// following goes on, with the next try after `retryIn`.
  case interrupted(APIError, retryIn: Duration)
  /// The server answered again after an interruption.
  case resumed
}
