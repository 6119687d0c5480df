import CommonDataModels
import ComposableArchitecture
import Foundation
import MessageClient
import MessageDataModels

/// One artist's room as a screen keeps it, in either app: following it (``MessageClient/followRoom``)
/// into a ``RoomFeed``, paging back through older messages, deleting the reader's own (once they
/// confirm), and sending through an ``Outbox``
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
    /// The reader's own message they asked to delete, until they confirm or think again.
    public var deleting: Message?
    /// Why the last deletion failed.
    public var deletionFailure: String?
    /// The search shown instead of the room, until the reader goes back to it.
    public var search: RoomSearch?
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
    /// The server's answer to a deletion: the id of the message gone.
    case deleteResponse(Result<MessageID, APIError>)
    /// A page of the search's matches.
    case searchResponse(Result<HistoryPage, APIError>)

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
      /// Delete one of the reader's own messages, their newest in the room when `nil`: asks first.
      case deleteTapped(MessageID?)
      /// Yes, delete the message asked about.
      case deleteConfirmed
      /// No, keep it.
      case deleteCancelled
      /// Find the room's messages containing the text (on the server, over the whole room).
      case searchTapped(String)
      /// Read the page of matches before the oldest read.
      case olderMatchesTapped
      /// Back from the search to the room.
      case searchClosed
    }
  }

  /// The effects that leaving the room cancels.
  public enum CancelID: Hashable, Sendable {
    /// Following the room.
    case follow
    /// Reading an older page.
    case older
    /// Reading a page of a search's matches.
    case search
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
      return .merge(.cancel(id: CancelID.follow), .cancel(id: CancelID.older), .cancel(id: CancelID.search))

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
      return send(state.outbox.submit(text, key: uuid()), to: state.artistId)

    case .view(.retryTapped):
      return send(state.outbox.retry(), to: state.artistId)

    case .sendResponse(.success(let message)):
      state.feed.insert(sent: message)
      return send(state.outbox.sent(), to: state.artistId)

    case .view(.discardTapped):
      state.outbox.discardUnsent()
      return .none

    case .sendResponse(.failure(let error)):
      state.outbox.failed(error)
      return .none

    case .view(.deleteTapped(let id)):
      // Only what the reader wrote, and only what the room shows.
      let sender = state.sender
      state.deleting = state.feed.messages.last { $0.senderId == sender && (id == nil || $0.id == id) }
      state.deletionFailure =
        state.deleting != nil
        ? nil
        : id == nil ? "You have no message here to delete." : "That message is not one of yours here."
      return .none

    case .view(.deleteCancelled):
      state.deleting = nil
      return .none

    case .view(.deleteConfirmed):
      guard let message = state.deleting else { return .none }
      state.deleting = nil
      return .run { [artistId = state.artistId, messageClient] send in
        await send(
          .deleteResponse(
            Result {
              try await messageClient.deleteMessage(artistId, message.id)
              return message.id
            }))
      }

    case .deleteResponse(.success(let id)):
      state.feed.remove([id])
      return .none

    case .deleteResponse(.failure(let error)):
      state.deletionFailure = "Could not delete the message: \(error.message)"
      return .none

    case .view(.searchTapped(let text)):
      let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else {
        state.search = RoomSearch(text: "", failure: "Nothing to find: the text is empty.")
        return .none
      }
      state.search = RoomSearch(text: text, isLoading: true)
      return searchPage(text, before: nil, in: state.artistId)

    case .view(.olderMatchesTapped):
      guard var search = state.search, search.hasOlder, !search.isLoading, let oldest = search.matches.first
      else { return .none }
      search.isLoading = true
      search.failure = nil
      state.search = search
      return searchPage(search.text, before: oldest.id, in: state.artistId)

    case .searchResponse(.success(let page)):
      state.search?.matches.insert(contentsOf: page.messages, at: 0)
      state.search?.hasOlder = page.hasOlder
      state.search?.isLoading = false
      return .none

    case .searchResponse(.failure(let error)):
      state.search?.isLoading = false
      state.search?.failure = "Could not search the room: \(error.message)"
      return .none

    case .view(.searchClosed):
      state.search = nil
      return .cancel(id: CancelID.search)
    }
  }

  /// Reads the page of matches of `text` before `before` (the newest when `nil`).
  private func searchPage(_ text: String, before: MessageID?, in artistId: AccountID) -> Effect<Action> {
    .run { [messageClient] send in
      await send(.searchResponse(Result { try await messageClient.search(artistId, text, before) }))
    }
    .cancellable(id: CancelID.search, cancelInFlight: true)
  }

  /// Posts `message`, if the outbox has one to send now, under its key, so a post sent again after
  /// its answer was lost is stored once.
  private func send(_ message: Outbox.Unsent?, to artistId: AccountID) -> Effect<Action> {
    guard let message else { return .none }
    return .run { [messageClient] send in
      await send(.sendResponse(Result { try await messageClient.send(artistId, message.text, message.key) }))
    }
  }
}
