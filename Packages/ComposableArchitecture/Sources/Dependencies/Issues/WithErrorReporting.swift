/// Runs `body` and reports an error it throws as an issue instead of passing it on; returns the
/// result, or `nil` when it threw.
///
/// ```swift
/// case .saveButtonTapped:
///   return .run { [draft = state.draft] _ in
///     await withErrorReporting("Could not save the draft") { try await drafts.save(draft) }
///   }
/// ```
///
/// For errors that a developer must fix, not those a user can cause: a failure the user should
/// see belongs in state.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R
) -> R? {
  do {
    return try body()
  } catch {
    reportIssue(
      errorReport(error, message()), fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}

/// Runs the asynchronous `body` and reports an error it throws as an issue instead of passing it
/// on; returns the result, or `nil` when it threw.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () async throws -> sending R
) async -> R? {
  do {
    return try await body()
  } catch {
    reportIssue(
      errorReport(error, message()), fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}

/// swift-issue-reporting's wording: "Caught error: <error>: <message>".
private func errorReport(_ error: any Error, _ message: String?) -> String {
  "Caught error: \(error)" + (message.map { ": \($0)" } ?? "")
}
