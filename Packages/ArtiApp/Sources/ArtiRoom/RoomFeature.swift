import CommonDataModels
import CommonKit
import ComposableArchitecture
import MessageClient
import MessageDataModels

/// The artist's room: broadcast a message to every subscriber, and read the room, newest first,
/// with the fans' replies, which keep arriving while the room is open.
///
/// Send ``Action/task`` when the room appears and ``Action/disappeared`` when it goes away: the
/// first loads the room and subscribes to new messages, the second ends the subscription.
public struct RoomFeature: Reducer {
  /// The room's messages and the broadcast being written.
  public struct State: Equatable, Sendable {
    /// The artist, whose id is also the room's.
    public var artistId: AccountID
    /// Every message read so far, oldest first (the view shows them newest first).
    public var messages: IdentifiedArrayOf<Message>
    /// Where the next read starts: the newest message's id.
    public var cursor: MessageID?
    /// Whether the room has been read once.
    public var hasLoaded: Bool
    /// Whether the first read is in flight.
    public var isLoading: Bool
    /// Whether new messages are being received.
    public var isLive: Bool
    /// Why reading the room or its updates failed.
    public var loadError: String?
    /// The last broadcast that was typed but not sent (too long, or sending failed).
    public var draft: String
    /// Why the draft breaks ``MessageRules``.
    public var draftProblem: TextProblem?
    /// Whether a broadcast is being sent.
    public var isSending: Bool
    /// Why the last broadcast could not be sent.
    public var sendError: String?
    /// Why new replies are not arriving right now, while the room keeps trying.
    public var interruption: String?

    /// The room of `artistId`, not read yet.
    public init(
      artistId: AccountID, messages: IdentifiedArrayOf<Message> = [], cursor: MessageID? = nil,
      hasLoaded: Bool = false, isLoading: Bool = false, isLive: Bool = false, loadError: String? = nil,
      draft: String = "", draftProblem: TextProblem? = nil, isSending: Bool = false, sendError: String? = nil,
      interruption: String? = nil
    ) {
      self.artistId = artistId
      self.messages = messages
      self.cursor = cursor
      self.hasLoaded = hasLoaded
      self.isLoading = isLoading
      self.isLive = isLive
      self.loadError = loadError
      self.draft = draft
      self.draftProblem = draftProblem
      self.isSending = isSending
      self.sendError = sendError
      self.interruption = interruption
    }
  }

  /// What can happen in the room.
  public enum Action: Equatable, Sendable, CasePathable {
    /// The room appeared: read it (the first time) and subscribe to new messages.
    case task
    /// The room went away: stop receiving new messages.
    case disappeared
    /// "Refresh": read again after a failure, or resubscribe.
    case refreshTapped
    /// The first read finished.
    case messagesLoaded(Result<MessagePage, APIError>)
    /// New messages arrived.
    case updatesReceived([Message])
    /// The server cannot be reached for new messages; the room keeps trying.
    case updatesInterrupted(APIError)
    /// The server answers again after an interruption.
    case updatesResumed
    /// The subscription to new messages ended with an error.
    case updatesFailed(APIError)
    /// A broadcast was typed and submitted.
    case broadcastSubmitted(String)
    /// The server's answer to a broadcast.
    case sendResponse(Result<Message, APIError>)
  }

  /// The most pages the first read fetches; older messages are left unread.
  public static let maxInitialPages = 20

  enum CancelID: Hashable, Sendable {
    case load
    case updates
  }

  @Dependency(\.messageClient) var messageClient

  /// Creates the feature.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        return state.hasLoaded ? subscribe(&state) : load(&state)

      case .disappeared:
        state.isLive = false
        state.isLoading = false
        state.interruption = nil
        return .merge(.cancel(id: CancelID.load), .cancel(id: CancelID.updates))

      case .refreshTapped:
        state.loadError = nil
        return state.hasLoaded ? subscribe(&state) : load(&state)

      case .messagesLoaded(.success(let page)):
        state.isLoading = false
        state.hasLoaded = true
        insert(page.messages, into: &state)
        state.cursor = page.cursor ?? state.cursor
        return subscribe(&state)

      case .messagesLoaded(.failure(let error)):
        state.isLoading = false
        state.loadError = "The room could not be read. \(error.message) Type /refresh to try again."
        return .none

      case .updatesReceived(let messages):
        insert(messages, into: &state)
        return .none

      case .updatesInterrupted(let error):
        state.interruption = "New replies are not arriving. \(error.message) Still trying."
        return .none

      case .updatesResumed:
        state.interruption = nil
        return .none

      case .updatesFailed(let error):
        state.isLive = false
        state.interruption = nil
        state.loadError = "New replies stopped arriving. \(error.message) Type /refresh to reconnect."
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
        insert([message], into: &state)
        return .none

      case .sendResponse(.failure(let error)):
        state.isSending = false
        state.sendError = "Not sent. \(error.message)"
        return .none
      }
    }
  }

  private func load(_ state: inout State) -> Effect<Action> {
    state.isLoading = true
    state.loadError = nil
    return .run { [artistId = state.artistId, messageClient] send in
      do {
        var messages: [Message] = []
        var cursor: MessageID? = nil
        for _ in 0..<Self.maxInitialPages {
          let page = try await messageClient.messages(artistId, cursor)
          messages += page.messages
          cursor = page.cursor ?? cursor
          if !page.hasMore { break }
        }
        await send(.messagesLoaded(.success(MessagePage(messages: messages, cursor: cursor, hasMore: false))))
      } catch {
        await send(.messagesLoaded(.failure(APIError(error))))
      }
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  private func subscribe(_ state: inout State) -> Effect<Action> {
    state.isLive = true
    state.loadError = nil
    return .run { [artistId = state.artistId, cursor = state.cursor, messageClient] send in
      do {
        for try await update in messageClient.updates(artistId, cursor) {
          switch update {
          case .messages(let messages): await send(.updatesReceived(messages))
          case .interrupted(let error, _): await send(.updatesInterrupted(error))
          case .resumed: await send(.updatesResumed)
          }
        }
      } catch {
        await send(.updatesFailed(APIError(error)))
      }
    }
    .cancellable(id: CancelID.updates, cancelInFlight: true)
  }

  /// Adds the messages not seen yet, keeping the room ordered by id, and moves the cursor on.
  private func insert(_ messages: [Message], into state: inout State) {
    for message in messages where state.messages[id: message.id] == nil {
      if let last = state.messages.last, last.id > message.id {
        let index = state.messages.firstIndex { $0.id > message.id } ?? state.messages.count
        state.messages.insert(message, at: index)
      } else {
        state.messages.append(message)
      }
      if state.cursor.map({ message.id > $0 }) ?? true { state.cursor = message.id }
    }
  }
}
