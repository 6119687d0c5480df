import Synchronization

/// Answers given in order, one per call.
final class LockedAnswers<Value: Sendable>: Sendable {
  private let answers: Mutex<[Result<Value, any Error>]>

  init(_ answers: [Result<Value, any Error>]) { self.answers = Mutex(answers) }

  func next() throws -> Value {
    try answers.withLock { $0.removeFirst() }.get()
  }
}
