import CommonDataModels
import CommonKit
import ComposableArchitecture
import MessageClient
import MessageDataModels

/// One artist's room as a fan sees it: the artist's broadcasts and the fan's own replies,
/// oldest first, new ones arriving while the room is open, and a reply line.
///
/// A reply that could not be sent is kept (``State/unsent``) until it is sent with `/retry`, so
/// nothing typed is lost when the server is away.
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
    /// The messages, oldest first.
    public var messages: IdentifiedArrayOf<Message>
    /// The first page is loading.
    public var isLoading: Bool
    /// A reply is being sent.
    public var isSending: Bool
    /// A reply that was typed but not sent yet.
    public var unsent: String?
    /// What went wrong, shown in place.
    public var error: String?
    /// Why new messages are not arriving right now, while the room keeps trying.
    public var interruption: String?

    /// Creates the state of an artist's room.
    public init(
      artistId: AccountID, artistName: String, artistUsername: String, myId: AccountID,
      messages: IdentifiedArrayOf<Message> = [], isLoading: Bool = false, isSending: Bool = false,
      unsent: String? = nil, error: String? = nil, interruption: String? = nil
    ) {
      self.artistId = artistId
      self.artistName = artistName
      self.artistUsername = artistUsername
      self.myId = myId
      self.messages = messages
      self.isLoading = isLoading
      self.isSending = isSending
      self.unsent = unsent
      self.error = error
      self.interruption = interruption
    }

    /// The cursor for new messages: the newest message's id.
    public var cursor: MessageID? { messages.map(\.id).max() }
  }

  /// What happens in the room.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the fan did.
    case view(View)
    /// Every message so far.
    case messagesResponse(Result<[Message], APIError>)
    /// New messages arrived while the room is open.
    case messagesArrived([Message])
    /// The server cannot be reached for new messages; the room keeps trying.
    case updatesInterrupted(APIError)
    /// The server answers again after an interruption.
    case updatesResumed
    /// Following new messages stopped with an error.
    case updatesFailed(APIError)
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
    /// Loading the room and following its new messages.
    case updates
  }

  @Dependency(\.messageClient) var messageClient

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.task), .view(.reloadTapped):
      state.isLoading = true
      state.error = nil
      state.interruption = nil
      let artistId = state.artistId
      let after = state.cursor
      return .run { send in
        var all: [Message] = []
        var cursor = after
        do {
          while true {
            let page = try await messageClient.messages(artistId, cursor)
            all += page.messages
            cursor = page.cursor ?? cursor
            if !page.hasMore || page.messages.isEmpty { break }
          }
        } catch {
          await send(.messagesResponse(.failure(APIError(error))))
          return
        }
        await send(.messagesResponse(.success(all)))
        for try await update in messageClient.updates(artistId, cursor) {
          switch update {
          case .messages(let batch): await send(.messagesArrived(batch))
          case .interrupted(let error, _): await send(.updatesInterrupted(error))
          case .resumed: await send(.updatesResumed)
          }
        }
      } catch: { error, send in
        await send(.updatesFailed(APIError(error)))
      }
      .cancellable(id: CancelID.updates, cancelInFlight: true)

    case .messagesResponse(.success(let messages)):
      state.isLoading = false
      append(messages, to: &state)
      return .none

    case .messagesResponse(.failure(let error)):
      state.isLoading = false
      state.error = "Could not load the room: \(error.message) Type /reload to try again."
      return .none

    case .messagesArrived(let messages):
      append(messages, to: &state)
      return .none

    case .updatesInterrupted(let error):
      state.interruption =
        "New messages are not arriving: \(error.message) Still trying; your replies are kept if they cannot be sent."
      return .none

    case .updatesResumed:
      state.interruption = nil
      return .none

    case .updatesFailed(let error):
      state.interruption = nil
      state.error = "New messages stopped arriving: \(error.message) Type /reload to follow the room again."
      return .none

    case .view(.sendTapped(let text)):
      guard !state.isSending else { return .none }
      if case .invalid(let problem) = MessageRules.validate(text) {
        switch problem {
        case .empty: state.error = "Type a reply first."
        case .tooLong(let max):
          state.error = "A reply has at most \(max) characters; yours has \(text.count)."
        }
        return .none
      }
      return send(text, state: &state)

    case .view(.retryTapped):
      guard !state.isSending else { return .none }
      guard let text = state.unsent else {
        state.error = "There is no unsent reply to send again."
        return .none
      }
      return send(text, state: &state)

    case .sendResponse(.success(let message)):
      state.isSending = false
      state.unsent = nil
      append([message], to: &state)
      return .none

    case .sendResponse(.failure(let error)):
      state.isSending = false
      state.error =
        "Your reply was not sent: \(error.message) It is kept below; type /retry to send it again."
      return .none

    case .view(.backTapped):
      // Both run at once, in order: polling stops before the parent removes the room.
      return .merge(.cancel(id: CancelID.updates), .send(.delegate(.close)))

    case .delegate:
      return .none
    }
  }

  private func send(_ text: String, state: inout State) -> Effect<Action> {
    state.isSending = true
    state.unsent = text
    state.error = nil
    let artistId = state.artistId
    return .run { send in
      do {
        await send(.sendResponse(.success(try await messageClient.send(artistId, text))))
      } catch {
        await send(.sendResponse(.failure(APIError(error))))
      }
    }
  }

  /// Adds messages not seen yet, keeping the room ordered oldest first.
  private func append(_ messages: [Message], to state: inout State) {
    let newest = state.messages.last?.id
    var outOfOrder = false
    for message in messages where state.messages[id: message.id] == nil {
      if let newest, message.id < newest { outOfOrder = true }
      state.messages.append(message)
    }
    if outOfOrder {
      state.messages = IdentifiedArray(uniqueElements: state.messages.sorted { $0.id < $1.id })
    }
  }
}
