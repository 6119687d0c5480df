import CommonDataModels
import CommonKit
import ComposableArchitecture
import MessageClient
import MessageDataModels

/// The artist's room: broadcast a message to every subscriber, and read the room, newest first,
/// with the fans' replies, which keep arriving while the room is open.
///
/// Send ``Action/task`` when the room appears and ``Action/disappeared`` when it goes away: the
/// first follows the room (``MessageClient/followRoom``) from the newest message read, the
/// second stops following it.
public struct RoomFeature: Reducer {
  /// The room's messages and the broadcast being written.
  public struct State: Equatable, Sendable {
    /// The artist, whose id is also the room's.
    public var artistId: AccountID
    /// The room as followed: its messages, oldest first, and whether new ones are arriving.
    public var room: RoomFeed
    /// The last broadcast that was typed but not sent (too long, or sending failed).
    public var draft: String
    /// Why the draft breaks ``MessageRules``.
    public var draftProblem: TextProblem?
    /// Whether a broadcast is being sent.
    public var isSending: Bool
    /// Why the last broadcast could not be sent.
    public var sendError: String?

    /// The room of `artistId`, not read yet.
    public init(
      artistId: AccountID, room: RoomFeed = RoomFeed(), draft: String = "", draftProblem: TextProblem? = nil,
      isSending: Bool = false, sendError: String? = nil
    ) {
      self.artistId = artistId
      self.room = room
      self.draft = draft
      self.draftProblem = draftProblem
      self.isSending = isSending
      self.sendError = sendError
    }

    /// Every message read so far, oldest first (the view shows them newest first).
    public var messages: [Message] { room.messages }
    /// Whether the room has been read once.
    public var hasLoaded: Bool { room.hasLoaded }
    /// Whether the room is being read.
    public var isLoading: Bool { room.isLoading }
    /// Whether new messages are being received.
    public var isLive: Bool { room.isLive }
    /// Why reading or following the room failed.
    public var loadError: String? { room.failure }
    /// Why new replies are not arriving right now, while the room keeps trying.
    public var interruption: String? { room.interruption }
  }

  /// What can happen in the room.
  public enum Action: Equatable, Sendable, CasePathable {
    /// The room appeared: follow it from the newest message read.
    case task
    /// The room went away: stop following it.
    case disappeared
    /// Follow the room again, after a failure or to read it anew.
    case reloadTapped
    /// Following the room reported something: the room read, new messages, an interruption.
    case roomUpdated(RoomUpdate)
    /// Following the room ended with an error.
    case roomFailed(APIError)
    /// A broadcast was typed and submitted.
    case broadcastSubmitted(String)
    /// The server's answer to a broadcast.
    case sendResponse(Result<Message, APIError>)
  }

  enum CancelID: Hashable, Sendable {
    case room
  }

  @Dependency(\.messageClient) var messageClient

  /// Creates the feature.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task, .reloadTapped:
        state.room.start()
        return .run { [artistId = state.artistId, cursor = state.room.cursor, messageClient] send in
          for try await update in messageClient.followRoom(artistId, cursor) {
            await send(.roomUpdated(update))
          }
        } catch: { error, send in
          await send(.roomFailed(APIError(error)))
        }
        .cancellable(id: CancelID.room, cancelInFlight: true)

      case .disappeared:
        state.room.stop()
        return .cancel(id: CancelID.room)

      case .roomUpdated(let update):
        state.room.apply(update)
        return .none

      case .roomFailed(let error):
        state.room.fail(error, reloadCommand: "/refresh")
        return .none

      case .broadcastSubmitted(let text):
        guard !state.isSending else { return .none }
        state.draft = text
        state.sendError = nil
        if let problem = MessageRules.validate(text).problem {
          state.draftProblem = problem
          return .none
        }
        state.draftProblem = nil
        state.isSending = true
        return .run { [artistId = state.artistId, messageClient] send in
          do {
            await send(.sendResponse(.success(try await messageClient.send(artistId, text))))
          } catch {
            await send(.sendResponse(.failure(APIError(error))))
          }
        }

      case .sendResponse(.success(let message)):
        state.isSending = false
        state.draft = ""
        state.room.insert(sent: message)
        return .none

      case .sendResponse(.failure(let error)):
        state.isSending = false
        state.sendError = "Not sent. \(error.message)"
        return .none
      }
    }
  }
}
