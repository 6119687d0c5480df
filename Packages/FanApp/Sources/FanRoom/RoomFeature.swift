import CommonDataModels
import ComposableArchitecture
import MessageDataModels
import MessageRoom

/// One artist's room as a fan sees it: the shared ``MessageRoom/Room`` (the artist's broadcasts
/// and the fan's own replies, oldest first, new ones arriving while the room is open, and
/// replies kept until they are sent), with who the artist is, the room's unread count, where
/// unread messages started when it was opened, and leaving.
///
/// The artist's name follows their messages: each carries the sender's name now, so a rename
/// shows in the header with the next message read.
public struct RoomFeature: Reducer {
  /// The room's state.
  public struct State: Equatable, Sendable {
    /// The artist's display name.
    public var artistName: String
    /// The artist's username.
    public var artistUsername: String
    /// The signed-in fan, whose messages are shown as "You".
    public var myId: AccountID
    /// The room: its messages as followed and the reply being sent or kept.
    public var room: Room.State
    /// The room's unread count as the artist list shows it: shared with the list, and zero
    /// once the room is read.
    @Shared public var unreadCount: Int

    /// Creates the state of the room of `artistId`; `unreadCount` is the list's shared count.
    public init(
      artistId: AccountID, artistName: String, artistUsername: String, myId: AccountID,
      feed: RoomFeed = RoomFeed(), outbox: Outbox = Outbox(kind: .reply),
      unreadCount: Shared<Int> = Shared(value: 0)
    ) {
      self.artistName = artistName
      self.artistUsername = artistUsername
      self.myId = myId
      self.room = Room.State(artistId: artistId, sender: myId, outbox: outbox, feed: feed)
      self._unreadCount = unreadCount
    }

    /// The artist whose room this is (its id is the room's id).
    public var artistId: AccountID { room.artistId }
  }

  /// What happens in the room.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the fan did besides reading and writing.
    case view(View)
    /// The room: following, paging, sending.
    case room(Room.Action)
    /// What the parent acts on.
    case delegate(Delegate)

    /// What the fan did on the screen.
    public enum View: Equatable, Sendable {
      /// Leave the room.
      case backTapped
    }

    /// What the parent acts on.
    public enum Delegate: Equatable, Sendable {
      /// The fan left the room.
      case close
    }
  }

  /// Creates the feature.
  public init() {}

  /// The room's reducer, then what this screen adds.
  public var body: some ReducerOf<Self> {
    Scope(state: \.room, action: \.room) { Room() }
    Reduce { state, action in
      switch action {
      case .room(.roomUpdated(.loaded(let messages, _))):
        if state.unreadCount != 0 {
          // The count is the artist's newest messages; a reload keeps the first mark.
          if state.room.firstUnreadId == nil { state.room.markUnread(state.unreadCount) }
          // Reading the room marks it read on the server, up to the newest message delivered.
          state.unreadCount = 0
        }
        noteArtistName(in: messages, &state)
        return .none

      case .room(.roomUpdated(.messages(let messages))):
        noteArtistName(in: messages, &state)
        return .none

      case .view(.backTapped):
        // Both run at once, in order: following stops before the parent removes the room.
        return .merge(
          Room().reduce(into: &state.room, action: .view(.disappeared)).map(Action.room),
          .send(.delegate(.close)))

      case .room, .delegate:
        return .none
      }
    }
  }

  /// The artist's name as their newest message in `messages` carries it.
  private func noteArtistName(in messages: [Message], _ state: inout State) {
    guard let name = messages.last(where: { $0.senderId == state.artistId })?.senderDisplayName,
      name != state.artistName
    else { return }
    state.artistName = name
  }
}
