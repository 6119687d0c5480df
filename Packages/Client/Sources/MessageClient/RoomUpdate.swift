import CommonDataModels
import MessageDataModels

/// What following a room reports, in order: new messages, and whether the server can be reached.
///
/// ```swift
/// for try await update in messageClient.updates(artistId, cursor) {
///   switch update {
///   case .messages(let batch): await send(.messagesArrived(batch))
///   case .interrupted(let error, _): await send(.updatesInterrupted(error))
///   case .resumed: await send(.updatesResumed)
///   }
/// }
/// ```
public enum RoomUpdate: Equatable, Sendable {
  /// New messages, oldest first; never empty.
  case messages([Message])
  /// Asking for new messages failed in a way that may pass (the server is unreachable, timed
  /// out or failed); following goes on, with the next try after `retryIn`.
  case interrupted(APIError, retryIn: Duration)
  /// The server answered again after an interruption.
  case resumed
}
