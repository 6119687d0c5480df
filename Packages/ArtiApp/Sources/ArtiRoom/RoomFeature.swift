import CommonDataModels
import ComposableArchitecture
import MessageClient
import MessageDataModels

/// The artist's room: broadcast a message to every subscriber, and read the room, oldest first,
/// with the fans' replies, which keep arriving while the room is open.
///
/// A broadcast that is too long, or that could not be sent, is kept (``State/outbox``): the first
/// to be shortened, the second until it is sent again, so nothing typed is lost.
///
/// Send `.view(.task)` when the room appears and `.view(.disappeared)` when it goes away: the
/// first follows the room (``MessageClient/followRoom``) from the newest message read, the
/// second stops following it.
public struct RoomFeature: Reducer {
  /// The room's messages and the broadcast being written.
  public struct State: Equatable, Sendable {
    /// The artist, whose id is also the room's.
    public var artistId: AccountID
    /// The room as followed: its messages, oldest first, and whether new ones are arriving.
    public var room: RoomFeed
    /// The broadcast being sent, or kept because it was too long or sending failed.
    public var outbox: Outbox

    /// The room of `artistId`, not read yet.
    public init(artistId: AccountID, room: RoomFeed = RoomFeed(), outbox: Outbox = Outbox(kind: .broadcast)) {
      self.artistId = artistId
      self.room = room
      self.outbox = outbox
    }

    /// Every message read so far, oldest first.
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
    /// What the artist did.
    case view(View)
    /// Following the room reported something: the room read, new messages, an interruption.
    case roomUpdated(RoomUpdate)
    /// Following the room ended with an error.
    case roomFailed(APIError)
    /// The page of older messages read.
    case olderResponse(Result<HistoryPage, APIError>)
    /// The server's answer to a broadcast.
    case sendResponse(Result<Message, APIError>)

    /// What the artist did in the room.
    public enum View: Equatable, Sendable {
      /// The room appeared: follow it from the newest message read.
      case task
      /// The room went away: stop following it.
      case disappeared
      /// Follow the room again, after a failure or to read it anew.
      case reloadTapped
      /// Show older messages, reading the page before the oldest when needed.
      case olderTapped
      /// Show newer messages again.
      case newerTapped
      /// A broadcast was typed.
      case sendTapped(String)
      /// Send the kept broadcast again, after sending it failed.
      case retryTapped
    }
  }

  enum CancelID: Hashable, Sendable {
    case room
    case older
  }

  @Dependency(\.messageClient) var messageClient

  /// Creates the feature.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.task), .view(.reloadTapped):
        state.room.start()
        return .run { [artistId = state.artistId, cursor = state.room.cursor, messageClient] send in
          for try await update in messageClient.followRoom(artistId, cursor) {
            await send(.roomUpdated(update))
          }
        } catch: { error, send in
          await send(.roomFailed(APIError(error)))
        }
        .cancellable(id: CancelID.room, cancelInFlight: true)

      case .view(.disappeared):
        state.room.stop()
        return .merge(.cancel(id: CancelID.room), .cancel(id: CancelID.older))

      case .view(.olderTapped):
        guard state.room.pageBack(), let before = state.room.startLoadingOlder() else { return .none }
        return .run { [artistId = state.artistId, messageClient] send in
          await send(.olderResponse(Result { try await messageClient.olderMessages(artistId, before) }))
        }
        .cancellable(id: CancelID.older)

      case .view(.newerTapped):
        state.room.pageForward()
        return .none

      case .olderResponse(.success(let page)):
        state.room.applyOlder(page)
        return .none

      case .olderResponse(.failure(let error)):
        state.room.failOlder(error)
        return .none

      case .roomUpdated(let update):
        state.room.apply(update)
        return .none

      case .roomFailed(let error):
        state.room.fail(error)
        return .none

      case .view(.sendTapped(let text)):
        guard let text = state.outbox.submit(text) else { return .none }
        return send(text, artistId: state.artistId)

      case .view(.retryTapped):
        guard let text = state.outbox.retry() else { return .none }
        return send(text, artistId: state.artistId)

      case .sendResponse(.success(let message)):
        state.outbox.sent()
        state.room.insert(sent: message)
        return .none

      case .sendResponse(.failure(let error)):
        state.outbox.failed(error)
        return .none
      }
    }
  }

  private func send(_ text: String, artistId: AccountID) -> Effect<Action> {
    .run { [messageClient] send in
      await send(.sendResponse(Result { try await messageClient.send(artistId, text) }))
    }
  }
}
