/// How much a ``TestStore`` insists on: everything (the default), or only what a test asserts.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, what it skipped is
  /// shown as known issues, which do not fail the test.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, silently.
  public static let off = Self.off(showSkippedAssertions: false)
}
