import ComposableArchitecture
import Sharing

/// A line diff of the expected and the actual state, each dumped with its own view of shared
/// state: the expected one as of the last assertion, the actual one as of now. `nil` when the
/// dumps agree.
func stateDiff(_ expected: Any, _ actual: Any, context: Int = 2) -> String? {
  let old = SharedAssertion.reading(.expected) { debugDump(expected) }
  let new = SharedAssertion.reading(.actual) { debugDump(actual) }
  guard old != new else { return nil }
  func lines(_ dump: String) -> [String] {
    dump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
  return renderLineDiff(lineDiff(lines(old), lines(new)), context: context)
}
