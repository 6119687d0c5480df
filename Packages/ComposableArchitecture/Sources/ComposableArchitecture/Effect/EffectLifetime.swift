import Dependencies
import Synchronization

/// Whether one `.run` effect has finished, so that its `send`, escaped into work that outlives
/// it, is reported rather than silently changing state after the fact.
final class EffectLifetime: Sendable {
  private let finished = Atomic<Bool>(false)
  let location: IssueLocation?

  init(location: IssueLocation?) {
    self.location = location
  }

  var hasFinished: Bool { finished.load(ordering: .acquiring) }

  func finish() { finished.store(true, ordering: .releasing) }

  func reportSendAfterFinish(action: some Sendable, startedBy origin: some Sendable) {
    let message = """
      An action was sent from an effect that had already finished.

        Action:
          \(debugCaseName(action))
        Effect started by:
          \(debugCaseName(origin))

      The action was dropped. The effect's 'send' escaped into work that outlived the '.run', \
      such as an unstructured 'Task' or a callback. To fix it, await that work inside the \
      '.run' (an 'AsyncStream' turns callbacks into something to await), so the effect lasts \
      as long as it sends.
      """
    if let location {
      reportIssue(message, at: location)
    } else {
      reportIssue(message)
    }
  }
}
