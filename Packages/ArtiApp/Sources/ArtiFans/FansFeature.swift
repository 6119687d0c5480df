import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitecture
import MessageDataModels
import MessageRoom

/// The artist's fans, each with their replies: who subscribes, and a thread per fan to read
/// what that fan wrote, in the order it was written.
///
/// The list is the subscribers (``ArtistClient/subscribers``) and every fan who replied, also
/// after unsubscribing; the replies come from following the room with the shared `Room` while
/// the screen is shown, so a new reply shows in its thread at once.
public struct FansFeature: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The artist, whose id is also the room's.
    public var artistId: AccountID
    /// Who subscribes, the earliest first; `nil` until read.
    public var subscribers: [Subscriber]?
    /// Whether the subscribers are being read.
    public var isLoadingSubscribers = false
    /// Why the subscribers could not be read (the screen adds how to try again).
    public var subscribersError: String?
    /// The room as followed, for its replies.
    public var room: Room.State
    /// The fan whose thread is open; `nil` shows the list.
    public var openFanId: AccountID?
    /// What the artist typed that names no fan in the list.
    public var notice: String?

    /// The fans of `artistId`, not read yet.
    public init(
      artistId: AccountID, subscribers: [Subscriber]? = nil, subscribersError: String? = nil,
      feed: RoomFeed = RoomFeed(), notice: String? = nil
    ) {
      self.artistId = artistId
      self.subscribers = subscribers
      self.subscribersError = subscribersError
      self.room = Room.State(artistId: artistId, outbox: Outbox(kind: .broadcast), feed: feed)
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
      for message in room.feed.messages where message.kind == .reply {
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
    /// The room followed for its replies.
    case room(Room.Action)

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

  /// The effect that leaving the screen cancels (following the room is the room's own).
  public enum CancelID: Hashable, Sendable {
    /// Reading the subscribers.
    case subscribers
  }

  @Dependency(\.artistClient.subscribers) var subscribers

  /// Creates the feature.
  public init() {}

  /// The room's reducer, then the screen's.
  public var body: some ReducerOf<Self> {
    Scope(state: \.room, action: \.room) { Room() }
    Reduce(core)
  }

  private func core(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.task), .view(.reloadTapped):
      state.isLoadingSubscribers = true
      state.subscribersError = nil
      state.notice = nil
      return .merge(
        .run { [artistId = state.artistId, subscribers] send in
          await send(.subscribersResponse(Result { try await subscribers(artistId) }))
        }
        .cancellable(id: CancelID.subscribers, cancelInFlight: true),
        Room().reduce(into: &state.room, action: .view(.task)).map(Action.room))

    case .view(.disappeared):
      state.isLoadingSubscribers = false
      return .merge(
        .cancel(id: CancelID.subscribers),
        Room().reduce(into: &state.room, action: .view(.disappeared)).map(Action.room))

    case .subscribersResponse(.success(let subscribers)):
      state.isLoadingSubscribers = false
      state.subscribers = subscribers
      return .none

    case .subscribersResponse(.failure(let error)):
      state.isLoadingSubscribers = false
      state.subscribersError = "Could not read who subscribes: \(error.message)"
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

    case .room:
      return .none
    }
  }
}
