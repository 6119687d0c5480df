import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitecture
import MessageClient
import MessageDataModels

/// The artist's fans, each with their replies: who subscribes, and a thread per fan to read
/// what that fan wrote, in the order it was written.
///
/// The list is the subscribers (``ArtistClient/subscribers``) and every fan who replied, also
/// after unsubscribing; the replies come from following the room (``MessageClient/followRoom``)
/// while the screen is shown, so a new reply shows in its thread at once.
public struct ThreadFeature: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The artist, whose id is also the room's.
    public var artistId: AccountID
    /// Who subscribes, the earliest first; `nil` until read.
    public var subscribers: [Subscriber]?
    /// Whether the subscribers are being read.
    public var isLoadingSubscribers: Bool
    /// Why the subscribers could not be read (the screen adds how to try again).
    public var subscribersError: String?
    /// The room as followed, for its replies.
    public var room: RoomFeed
    /// The fan whose thread is open; `nil` shows the list.
    public var openFanId: AccountID?
    /// What the artist typed that names no fan in the list.
    public var notice: String?

    /// The fans of `artistId`, not read yet.
    public init(
      artistId: AccountID, subscribers: [Subscriber]? = nil, isLoadingSubscribers: Bool = false,
      subscribersError: String? = nil, room: RoomFeed = RoomFeed(), openFanId: AccountID? = nil,
      notice: String? = nil
    ) {
      self.artistId = artistId
      self.subscribers = subscribers
      self.isLoadingSubscribers = isLoadingSubscribers
      self.subscribersError = subscribersError
      self.room = room
      self.openFanId = openFanId
      self.notice = notice
    }

    /// One thread per fan: the fans with the newest reply first, then subscribers who have not
    /// replied, in the order they subscribed.
    public var threads: [FanThread] {
      var byFan: [AccountID: FanThread] = [:]
      var order: [AccountID] = []
      for subscriber in subscribers ?? [] where byFan[subscriber.id] == nil {
        byFan[subscriber.id] = FanThread(
          fanId: subscriber.id, username: subscriber.username, displayName: subscriber.displayName,
          subscribedAt: subscriber.subscribedAt, replies: [])
        order.append(subscriber.id)
      }
      for message in room.messages where message.kind == .reply {
        if byFan[message.senderId] == nil {
          byFan[message.senderId] = FanThread(
            fanId: message.senderId, username: message.senderUsername,
            displayName: message.senderDisplayName, subscribedAt: nil, replies: [])
          order.append(message.senderId)
        }
        byFan[message.senderId]?.replies.append(message)
      }
      let threads = order.compactMap { byFan[$0] }
      let replied = threads.filter { !$0.replies.isEmpty }.sorted { $0.newestReplyId > $1.newestReplyId }
      return replied + threads.filter(\.replies.isEmpty)
    }

    /// The open thread, if its fan is known.
    public var openThread: FanThread? {
      guard let openFanId else { return nil }
      return threads.first { $0.fanId == openFanId }
    }
  }

  /// What happens on the screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the artist did.
    case view(View)
    /// The subscribers, as the server listed them.
    case subscribersResponse(Result<[Subscriber], APIError>)
    /// Following the room reported something: the room read, new replies, an interruption.
    case roomUpdated(RoomUpdate)
    /// Following the room ended with an error.
    case roomFailed(APIError)

    /// What the artist did on the screen.
    public enum View: Equatable, Sendable {
      /// The screen appeared: read the subscribers and follow the room.
      case task
      /// The screen went away: stop following the room.
      case disappeared
      /// Read the subscribers and the room again.
      case reloadTapped
      /// A fan was picked from the list: open their thread.
      case fanPicked(AccountID)
      /// Something was typed that names no fan in the list.
      case unknownFanNamed(String)
      /// Back from a thread to the list.
      case backTapped
    }
  }

  /// The effects that leaving the screen cancels.
  public enum CancelID: Hashable, Sendable {
    /// Following the room.
    case room
    /// Reading the subscribers.
    case subscribers
  }

  @Dependency(\.artistClient.subscribers) var subscribers
  @Dependency(\.messageClient) var messageClient

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.task), .view(.reloadTapped):
      state.isLoadingSubscribers = true
      state.subscribersError = nil
      state.notice = nil
      state.room.start()
      let artistId = state.artistId
      return .merge(
        .run { [subscribers] send in
          do {
            await send(.subscribersResponse(.success(try await subscribers(artistId))))
          } catch {
            await send(.subscribersResponse(.failure(APIError(error))))
          }
        }
        .cancellable(id: CancelID.subscribers, cancelInFlight: true),
        .run { [cursor = state.room.cursor, messageClient] send in
          for try await update in messageClient.followRoom(artistId, cursor) {
            await send(.roomUpdated(update))
          }
        } catch: { error, send in
          await send(.roomFailed(APIError(error)))
        }
        .cancellable(id: CancelID.room, cancelInFlight: true))

    case .view(.disappeared):
      state.room.stop()
      state.isLoadingSubscribers = false
      return .merge(.cancel(id: CancelID.room), .cancel(id: CancelID.subscribers))

    case .subscribersResponse(.success(let subscribers)):
      state.isLoadingSubscribers = false
      state.subscribers = subscribers
      return .none

    case .subscribersResponse(.failure(let error)):
      state.isLoadingSubscribers = false
      state.subscribersError = "Could not read who subscribes: \(error.message)"
      return .none

    case .roomUpdated(let update):
      state.room.apply(update)
      return .none

    case .roomFailed(let error):
      state.room.fail(error)
      return .none

    case .view(.fanPicked(let fanId)):
      state.notice = nil
      state.openFanId = fanId
      return .none

    case .view(.unknownFanNamed(let name)):
      state.notice = "No fan in the list is \"\(name)\"; type a number or a username from the list."
      return .none

    case .view(.backTapped):
      state.notice = nil
      state.openFanId = nil
      return .none
    }
  }
}
