import CommonDataModels
import CommonKit
import MessageDataModels

/// The message a room is sending: checked against ``CommonKit/MessageRules`` before it goes, and
/// kept while it is in flight and after it was refused or failed, so nothing typed is lost. Both
/// apps' rooms keep one (a fan's replies, an artist's broadcasts), so they check, keep, retry
/// and word problems the same way.
///
/// ```swift
/// case .view(.sendTapped(let text)):
///   guard let text = state.outbox.submit(text) else { return .none }  // refused, or one in flight
///   return .run { send in
///     do { await send(.sendResponse(.success(try await messageClient.send(artistId, text)))) }
///     catch { await send(.sendResponse(.failure(APIError(error)))) }
///   }
/// case .view(.retryTapped): guard let text = state.outbox.retry() else { return .none } …
/// case .sendResponse(.success): state.outbox.sent()
/// case .sendResponse(.failure(let error)): state.outbox.failed(error)
/// ```
public struct Outbox: Equatable, Sendable {
  /// Why the kept message is not on its way.
  public enum Problem: Equatable, Sendable {
    /// Nothing but whitespace was submitted.
    case empty
    /// The message has `count` characters, more than ``CommonKit/MessageRules/maxLength``.
    case tooLong(count: Int)
    /// Sending failed; the message is kept for `/retry`.
    case notSent(APIError)
    /// `/retry` was asked for with nothing kept.
    case nothingToRetry
  }

  /// What the room sends: a fan's reply or an artist's broadcast (used in the wording).
  public var kind: MessageKind
  /// The text typed and not sent yet: in flight, refused for its length, or failed.
  public var kept: String?
  /// Whether the kept text is being sent.
  public var isSending: Bool
  /// Why the kept text is not on its way, or what was wrong with the last submission.
  public var problem: Problem?

  /// An outbox for messages of `kind`, holding nothing yet.
  public init(kind: MessageKind, kept: String? = nil, isSending: Bool = false, problem: Problem? = nil) {
    self.kind = kind
    self.kept = kept
    self.isSending = isSending
    self.problem = problem
  }

  /// Takes `text` typed by the user. Returns it when it may be sent, and it is then in flight;
  /// returns `nil` when a message is already in flight (nothing changes) or when `text` breaks
  /// the rules (``problem`` says why, and text that is too long is kept to be shortened).
  public mutating func submit(_ text: String) -> String? {
    guard !isSending else { return nil }
    switch MessageRules.validate(text) {
    case .invalid(.empty):
      problem = .empty
      return nil
    case .invalid(.tooLong):
      kept = text
      problem = .tooLong(count: text.count)
      return nil
    case .valid:
      kept = text
      problem = nil
      isSending = true
      return text
    }
  }

  /// Sends the kept text again (`/retry`): returns it when it may be sent, `nil` when nothing is
  /// kept, a message is in flight, or the kept text is still too long.
  public mutating func retry() -> String? {
    guard !isSending else { return nil }
    guard let kept else {
      problem = .nothingToRetry
      return nil
    }
    return submit(kept)
  }

  /// The server stored the message: nothing is kept any more.
  public mutating func sent() {
    isSending = false
    kept = nil
    problem = nil
  }

  /// Sending failed: the text stays kept for ``retry()``.
  public mutating func failed(_ error: APIError) {
    isSending = false
    problem = .notSent(error)
  }

  /// The kept text when it was refused for its length: the screen puts it back to be shortened.
  public var refusedText: String? {
    guard case .tooLong = problem else { return nil }
    return kept
  }

  /// The kept text when sending it failed: waiting for `/retry`.
  public var unsent: String? {
    guard case .notSent = problem else { return nil }
    return kept
  }

  /// The problem in words, or `nil` when there is none. The words name no key or command: the
  /// screen adds how to act on it (`/retry` in a terminal, a button elsewhere).
  public var problemMessage: String? {
    guard let problem else { return nil }
    let noun = kind == .reply ? "reply" : "broadcast"
    switch problem {
    case .empty:
      return "Type a \(noun) first."
    case .tooLong(let count):
      return
        "Your \(noun) has \(count) characters, \(count - MessageRules.maxLength) over the limit of "
        + "\(MessageRules.maxLength). It is kept: cut \(count - MessageRules.maxLength)."
    case .notSent(let error):
      return "Your \(noun) was not sent: \(error.message) It is kept."
    case .nothingToRetry:
      return "There is no unsent \(noun) to send again."
    }
  }
}
