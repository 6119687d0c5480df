import CommonDataModels
import ComposableArchitecture
import MessageClient
import MessageDataModels

/// One artist's room as a fan sees it: the artist's broadcasts and the fan's own replies,
/// oldest first, new ones arriving while the room is open, and a reply line.
///
/// A reply that is too long, or that could not be sent, is kept (``State/outbox``): the first to
/// be shortened, the second until it is sent with `/retry`, so nothing typed is lost.
public struct ChatFeature: Reducer {
  /// The room's state.
  public struct State: Equatable, Sendable {
    /// The artist whose room this is (its id is the room's id).
    public var artistId: AccountID
    /// The artist's display name.
    public var artistName: String
    /// The artist's username.
    public var artistUsername: String
    /// The signed-in fan, whose messages are shown as "You".
    public var myId: AccountID
    /// The room as followed: its messages, oldest first, and whether new ones are arriving.
    public var room: RoomFeed
    /// The reply being sent, or kept because it was too long or sending failed.
    public var outbox: Outbox
    /// The room's unread count as the artist list shows it: shared with the list, and zero
    /// once the room is read.
    @Shared public var unreadCount: Int

    /// Creates the state of an artist's room; `unreadCount` is the list's shared count.
    public init(
      artistId: AccountID, artistName: String, artistUsername: String, myId: AccountID,
      room: RoomFeed = RoomFeed(), outbox: Outbox = Outbox(kind: .reply),
      unreadCount: Shared<Int> = Shared(value: 0)
    ) {
      self.artistId = artistId
      self.artistName = artistName
      self.artistUsername = artistUsername
      self.myId = myId
      self.room = room
      self.outbox = outbox
      self._unreadCount = unreadCount
    }

    /// The messages, oldest first.
    public var messages: [Message] { room.messages }
    /// The room is being read.
    public var isLoading: Bool { room.isLoading }
    /// Why new messages are not arriving right now, while the room keeps trying.
    public var interruption: String? { room.interruption }
  }

  /// What happens in the room.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the fan did.
    case view(View)
    /// Following the room reported something: the room read, new messages, an interruption.
    case roomUpdated(RoomUpdate)
    /// Following the room ended with an error.
    case roomFailed(APIError)
    /// The page of older messages read.
    case olderResponse(Result<HistoryPage, APIError>)
    /// The reply, stored by the server.
    case sendResponse(Result<Message, APIError>)
    /// What the parent acts on.
    case delegate(Delegate)

    /// What the fan did in the room.
    public enum View: Equatable, Sendable {
      /// The room appeared: load it and follow new messages.
      case task
      /// A reply was typed.
      case sendTapped(String)
      /// Send the kept reply again.
      case retryTapped
      /// Load the room again and follow it anew.
      case reloadTapped
      /// Show older messages (PageUp, `/older`), reading the page before the oldest when needed.
      case olderTapped
      /// Show newer messages again (PageDown).
      case newerTapped
      /// Leave the room.
      case backTapped
    }

    /// What the parent acts on.
    public enum Delegate: Equatable, Sendable {
      /// The fan left the room.
      case close
    }
  }

  /// The effect that follows the room; leaving the room cancels it.
  public enum CancelID: Hashable, Sendable {
    /// Following the room.
    case room
    /// Reading an older page.
    case older
  }

  @Dependency(\.messageClient) var messageClient

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.task), .view(.reloadTapped):
      state.room.start()
      return .run { [artistId = state.artistId, cursor = state.room.cursor] send in
        for try await update in messageClient.followRoom(artistId, cursor) {
          await send(.roomUpdated(update))
        }
      } catch: { error, send in
        await send(.roomFailed(APIError(error)))
      }
      .cancellable(id: CancelID.room, cancelInFlight: true)

    case .roomUpdated(let update):
      state.room.apply(update)
      // Reading the room marks it read on the server, up to the newest message delivered.
      if case .loaded = update, state.unreadCount != 0 { state.unreadCount = 0 }
      return .none

    case .roomFailed(let error):
      state.room.fail(error)
      return .none

    case .view(.olderTapped):
      guard state.room.pageBack(), let before = state.room.startLoadingOlder() else { return .none }
      return .run { [artistId = state.artistId] send in
        do {
          await send(.olderResponse(.success(try await messageClient.olderMessages(artistId, before))))
        } catch {
          await send(.olderResponse(.failure(APIError(error))))
        }
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

    case .view(.backTapped):
      state.room.stop()
      // Both run at once, in order: following stops before the parent removes the room.
      return .merge(.cancel(id: CancelID.room), .cancel(id: CancelID.older), .send(.delegate(.close)))

    case .delegate:
      return .none
    }
  }

  private func send(_ text: String, artistId: AccountID) -> Effect<Action> {
    .run { send in
      do {
        await send(.sendResponse(.success(try await messageClient.send(artistId, text))))
      } catch {
        await send(.sendResponse(.failure(APIError(error))))
      }
    }
  }
}
