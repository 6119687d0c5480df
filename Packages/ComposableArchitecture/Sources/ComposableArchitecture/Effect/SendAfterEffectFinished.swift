import Dependencies

/// Reports an action sent through the `send` of a `.run` effect that had already finished: the
/// `send` escaped into work that outlived the effect. The store drops the action.
func reportSendAfterEffectFinished(
  action: some Sendable, startedBy origin: some Sendable, effectLocation: EffectLocation?
) {
  let message = """
    An action was sent from a completed effect:

      Action:
        \(debugCaseName(action))

      Effect returned from:
        \(debugCaseName(origin))

    The action was dropped: the effect's "send" escaped into work that outlived the \
    "Effect.run", such as an unstructured "Task" or a callback. To fix, await that work inside \
    the "Effect.run" (an "AsyncStream" turns callbacks into something to await), so that the \
    effect lasts as long as it sends.
    """
  if let effectLocation {
    reportIssue(message, at: effectLocation.issueLocation)
  } else {
    reportIssue(message)
  }
}
