/// Sets the process's default dependencies, once, where the app starts and before any feature
/// reads one.
///
/// ```swift
/// @main struct FanApp {
///   static func main() {
///     prepareDependencies {
///       $0.authClient = .live(baseURL: url)
///     }
///     …
///   }
/// }
/// ```
///
/// Unlike ``withDependencies(_:operation:)-(_,()->R)``, the change is not scoped: every later
/// read of a prepared dependency that no closer override replaces gets the prepared value, in
/// every task. A dependency that was already read cannot be prepared any more (code may hold
/// its old value); trying reports an issue and leaves it unchanged. In a test the preparation
/// holds for that test only.
public func prepareDependencies(
  _ updateValues: (inout DependencyValues) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  var values = DependencyValues()
  try values.update(updateValues)
  let location = IssueLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
  DefaultValues.prepare(values.overrides, context: values.context, at: location)
}

extension DependencyValues {
  /// The overridden values by key.
  var overrides: [ObjectIdentifier: any Sendable] { storage }
}
