import CommonDataModels
import ComposableArchitecture
import MessageClient
import MessageDataModels

/// One artist's room as a screen keeps it, in either app: following it (``MessageClient/followRoom``)
/// into a ``RoomFeed``, paging back through older messages, and sending through an ``Outbox``
/// (a fan's replies, an artist's broadcasts): every message typed goes out in order, each under
/// its own idempotency key, and what could not be sent is kept for a retry.
///
/// A screen scopes it and keeps only what differs: its header, an unread count, its delegate.
///
/// ```swift
/// Scope(state: \.room, action: \.room) { Room() }
/// ```
///
/// Send `.view(.task)` when the room appears and `.view(.disappeared)` when it goes away.
public struct Room: Reducer {
  /// The room as followed and what is being sent to it.
  public struct State: Equatable, Sendable {
    /// The artist whose room this is (its id is the room's id).
    public var artistId: AccountID
    /// Who writes here (the fan, or the artist in their own room): whose kept messages are loaded.
    public var sender: AccountID
    /// The room as followed: its messages, oldest first, and whether new ones are arriving.
    public var feed: RoomFeed
    /// The message being sent, or kept because it was too long or sending failed.
    public var outbox: Outbox
    /// The first message that was unread when the room was opened, where the screen marks that
    /// unread messages start (``markUnread(_:)``); `nil` when none was, or it is older than the
    /// messages read. Leaving the room forgets it: by then they are read.
    public var firstUnreadId: MessageID?

    /// The room of `artistId` as `sender` writes in it (the artist when `nil`); `outbox` says
    /// what they send (replies or broadcasts).
    public init(artistId: AccountID, sender: AccountID? = nil, outbox: Outbox, feed: RoomFeed = RoomFeed()) {
      self.artistId = artistId
      self.sender = sender ?? artistId
      self.feed = feed
      self.outbox = outbox
    }

    /// Marks where the `count` newest messages from others (the unread ones, as the reader's
    /// unread count has them) start, once the room is read; no mark when `count` is zero or
    /// fewer messages from others were read.
    public mutating func markUnread(_ count: Int) {
      firstUnreadId = nil
      guard count > 0 else { return }
      var remaining = count
      for message in feed.messages.reversed() where message.senderId != sender {
        remaining -= 1
        if remaining == 0 {
          firstUnreadId = message.id
          return
        }
      }
    }
  }

  /// What happens in the room.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the reader did.
    case view(View)
    /// Following the room reported something: the room read, new messages, an interruption.
    case roomUpdated(RoomUpdate)
    /// Following the room ended with an error.
    case roomFailed(APIError)
    /// The page of older messages read.
    case olderResponse(Result<HistoryPage, APIError>)
    /// The server's answer to a message sent.
    case sendResponse(Result<Message, APIError>)

    /// What the reader did in the room.
    public enum View: Equatable, Sendable {
      /// The room appeared: follow it from the newest message read.
      case task
      /// The room went away: stop following it.
      case disappeared
      /// Follow the room again, after a failure or to read it anew.
      case reloadTapped
      /// Read the page before the oldest message read (the screen pages through those read).
      case olderTapped
      /// A message was typed.
      case sendTapped(String)
      /// Send the kept messages again, after sending them failed.
      case retryTapped
      /// Forget the kept messages instead of sending them.
      case discardTapped
    }
  }

  /// The effects that leaving the room cancels.
  public enum CancelID: Hashable, Sendable {
    /// Following the room.
    case follow
    /// Reading an older page.
    case older
  }

  @Dependency(\.messageClient) var messageClient
  @Dependency(\.uuid) var uuid
  @Dependency(\.unsentStore) var unsentStore

  /// Creates the reducer.
  public init() {}

  /// Handles an action, keeping what is unsent in the ``UnsentStore`` whenever it changes.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let unsent = state.outbox.queue
    let effect = core(into: &state, action: action)
    guard state.outbox.queue != unsent else { return effect }
    let (sender, room, queue) = (state.sender, state.artistId, state.outbox.queue)
    return .merge(effect, .run { [unsentStore] _ in unsentStore.save(sender, room, queue) })
  }

  private func core(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.task), .view(.reloadTapped):
      if state.outbox.queue.isEmpty {
        // Kept from an earlier visit or run: waiting to be sent again, in order.
        state.outbox.queue = unsentStore.load(state.sender, state.artistId)
      }
      state.feed.start()
      return .run { [artistId = state.artistId, cursor = state.feed.cursor, messageClient] send in
        for try await update in messageClient.followRoom(artistId, cursor) {
          await send(.roomUpdated(update))
        }
      } catch: { error, send in
        await send(.roomFailed(APIError(error)))
      }
      .cancellable(id: CancelID.follow, cancelInFlight: true)

    case .view(.disappeared):
      state.feed.stop()
      state.firstUnreadId = nil
      return .merge(.cancel(id: CancelID.follow), .cancel(id: CancelID.older))

    case .roomUpdated(let update):
      state.feed.apply(update)
      return .none

    case .roomFailed(let error):
      state.feed.fail(error)
      return .none

    case .view(.olderTapped):
      guard let before = state.feed.startLoadingOlder() else { return .none }
      return .run { [artistId = state.artistId, messageClient] send in
        await send(.olderResponse(Result { try await messageClient.olderMessages(artistId, before) }))
      }
      .cancellable(id: CancelID.older)

    case .olderResponse(.success(let page)):
      state.feed.applyOlder(page)
      return .none

    case .olderResponse(.failure(let error)):
      state.feed.failOlder(error)
      return .none

    case .view(.sendTapped(let text)):
      guard let next = state.outbox.submit(text, key: uuid()) else { return .none }
      return send(next, to: state.artistId)

    case .view(.retryTapped):
      guard let next = state.outbox.retry() else { return .none }
      return send(next, to: state.artistId)

    case .sendResponse(.success(let message)):
      state.feed.insert(sent: message)
      guard let next = state.outbox.sent() else { return .none }
      return send(next, to: state.artistId)

    case .view(.discardTapped):
      state.outbox.discardUnsent()
      return .none

    case .sendResponse(.failure(let error)):
      state.outbox.failed(error)
      return .none
    }
  }

  /// Posts `message` under its key, so a post sent again after its answer was lost is stored once.
  private func send(_ message: Outbox.Unsent, to artistId: AccountID) -> Effect<Action> {
    .run { [messageClient] send in
      await send(.sendResponse(Result { try await messageClient.send(artistId, message.text, message.key) }))
    }
  }
}
