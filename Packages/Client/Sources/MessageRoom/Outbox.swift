import CommonDataModels
import CommonKit
import Foundation
import MessageDataModels

/// What a room has to send: every message typed and not stored by the server yet, oldest first,
/// each with the key it is posted under, sent one at a time in the order typed, and kept when
/// sending fails until it is sent again; so nothing typed is lost or reordered, and a message
/// whose answer was lost is stored once when it is sent again (the server answers a repeated key
/// with the message it stored). Both apps' rooms keep one (a fan's replies, an artist's
/// broadcasts) through ``Room``.
///
/// ```swift
/// var outbox = Outbox(kind: .reply)
/// let first = outbox.submit("안녕", key: UUID())  // sent now
/// outbox.failed(.timeout)                         // kept
/// let again = outbox.retry()                      // the same message, the same key
/// ```
public struct Outbox: Equatable, Sendable {
  /// A message typed and not stored yet, with the key it is posted under.
  public struct Unsent: Equatable, Sendable, Codable {
    /// The text as typed.
    public var text: String
    /// The `Idempotency-Key` of its post: the same on every try, so it is stored at most once.
    public var key: UUID

    /// A message to send under `key`.
    public init(text: String, key: UUID) {
      self.text = text
      self.key = key
    }
  }

  /// Why the last submission was refused, or why the kept messages are not on their way.
  public enum Problem: Equatable, Sendable {
    /// Nothing but whitespace was submitted.
    case empty
    /// The message has `count` characters, more than ``CommonKit/MessageRules/maxLength``.
    case tooLong(count: Int)
    /// Sending failed; the messages are kept to be sent again.
    case notSent(APIError)
    /// Sending again was asked for with nothing kept.
    case nothingToRetry
  }

  /// What the room sends: a fan's reply or an artist's broadcast (used in the wording).
  public var kind: MessageKind
  /// Every message typed and not stored yet, oldest first; the first is in flight while
  /// ``isSending``.
  public var queue: [Unsent]
  /// Whether the first of ``queue`` is being sent.
  public var isSending: Bool
  /// The text refused for its length: the screen puts it back to be shortened.
  public var refusedText: String?
  /// What was wrong with the last submission, or why the kept messages are not on their way.
  public var problem: Problem?

  /// An outbox for messages of `kind`.
  public init(
    kind: MessageKind, queue: [Unsent] = [], isSending: Bool = false, refusedText: String? = nil,
    problem: Problem? = nil
  ) {
    self.kind = kind
    self.queue = queue
    self.isSending = isSending
    self.refusedText = refusedText
    self.problem = problem
  }

  /// Takes `text` typed by the user, to be posted under `key`. Returns the message to send now
  /// (the oldest kept one, so the order typed holds), or `nil` when `text` breaks the rules
  /// (``problem`` says why; text that is too long becomes ``refusedText``) or a message is in
  /// flight already (`text` is sent after it).
  public mutating func submit(_ text: String, key: UUID) -> Unsent? {
    switch MessageRules.validate(text) {
    case .invalid(.empty):
      problem = .empty
      return nil
    case .invalid(.tooLong):
      refusedText = text
      problem = .tooLong(count: text.count)
      return nil
    case .valid:
      refusedText = nil
      queue.append(Unsent(text: text, key: key))
      return startSending()
    }
  }

  /// Sends the kept messages again, oldest first: returns the first, or `nil` when nothing is
  /// kept or one is in flight.
  public mutating func retry() -> Unsent? {
    guard !queue.isEmpty else {
      problem = .nothingToRetry
      return nil
    }
    return startSending()
  }

  /// The server stored the message in flight: returns the next one to send, if any.
  public mutating func sent() -> Unsent? {
    if !queue.isEmpty { queue.removeFirst() }
    isSending = false
    if case .notSent = problem { problem = nil }
    return queue.isEmpty ? nil : startSending()
  }

  /// Sending failed: the message in flight and those after it stay kept for ``retry()``.
  public mutating func failed(_ error: APIError) {
    isSending = false
    problem = .notSent(error)
  }

  /// Forgets the kept messages not on their way, as the user asked: the one in flight, if any,
  /// still goes.
  public mutating func discardUnsent() {
    queue = isSending ? Array(queue.prefix(1)) : []
    if case .notSent = problem { problem = nil }
  }

  /// The kept messages not on their way, oldest first: waiting to be sent again.
  public var unsent: [Unsent] { isSending ? Array(queue.dropFirst()) : queue }

  /// The kept messages in words, or `nil` when none waits: the oldest in full, the rest counted.
  public var unsentSummary: String? {
    guard let oldest = unsent.first else { return nil }
    let more = unsent.count - 1
    return "Unsent \(noun): \(oldest.text)" + (more > 0 ? " (and \(more) more, in order)" : "")
  }

  /// The problem in words, or `nil` when there is none. The words name no key or command: the
  /// screen adds how to act on it (`/retry` in a terminal, a button elsewhere).
  public var problemMessage: String? {
    guard let problem else { return nil }
    switch problem {
    case .empty:
      return "Type a \(noun) first."
    case .tooLong(let count):
      return
        "Your \(noun) has \(count) characters, \(count - MessageRules.maxLength) over the limit of "
        + "\(MessageRules.maxLength). It is kept: cut \(count - MessageRules.maxLength)."
    case .notSent(let error):
      return queue.count > 1
        ? "\(queue.count) \(noun)s were not sent: \(error.message) They are kept, in order."
        : "Your \(noun) was not sent: \(error.message) It is kept."
    case .nothingToRetry:
      return "There is no unsent \(noun) to send again."
    }
  }

  private var noun: String { kind == .reply ? "reply" : "broadcast" }

  private mutating func startSending() -> Unsent? {
    guard !isSending, let first = queue.first else { return nil }
    isSending = true
    problem = nil
    return first
  }
}
