/// The error thrown by an endpoint made with ``unimplemented(_:fileID:filePath:line:column:)``.
public struct UnimplementedFailure: Error, Equatable, CustomStringConvertible {
  /// The endpoint that was called, such as `AuthClient.signIn`.
  public let endpoint: String

  /// Creates the failure for `endpoint`.
  public init(endpoint: String) {
    self.endpoint = endpoint
  }

  public var description: String { "Unimplemented: '\(endpoint)'" }
}

/// An endpoint that reports a failure naming itself when called, then throws
/// ``UnimplementedFailure``.
///
/// Use it for every closure of a client's `testValue`, so that a test must override exactly the
/// endpoints it expects its feature to call.
///
/// ```swift
/// extension AuthClient: TestDependencyKey {
///   public static let testValue = AuthClient(
///     checkExistAccount: unimplemented("AuthClient.checkExistAccount"),
///     signIn: unimplemented("AuthClient.signIn")
///   )
/// }
/// ```
public func unimplemented<each Argument, Result>(
  _ endpoint: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  { (_: repeat each Argument) async throws -> Result in
    reportIssue(
      "Unimplemented: '\(endpoint)'", fileID: fileID, filePath: filePath, line: line, column: column)
    throw UnimplementedFailure(endpoint: endpoint)
  }
}

/// A synchronous endpoint that reports a failure naming itself when called, then throws.
public func unimplemented<each Argument, Result>(
  _ endpoint: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  { (_: repeat each Argument) throws -> Result in
    reportIssue(
      "Unimplemented: '\(endpoint)'", fileID: fileID, filePath: filePath, line: line, column: column)
    throw UnimplementedFailure(endpoint: endpoint)
  }
}

/// An endpoint that cannot throw: it reports a failure naming itself when called, then returns
/// `placeholder`.
///
/// ```swift
/// updates: unimplemented("MessageClient.updates", placeholder: AsyncThrowingStream { $0.finish() })
/// ```
public func unimplemented<each Argument, Result: Sendable>(
  _ endpoint: String,
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  { (_: repeat each Argument) async -> Result in
    reportIssue(
      "Unimplemented: '\(endpoint)'", fileID: fileID, filePath: filePath, line: line, column: column)
    return placeholder
  }
}

/// A synchronous endpoint that cannot throw: it reports a failure naming itself, then returns
/// `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
  _ endpoint: String,
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  { (_: repeat each Argument) -> Result in
    reportIssue(
      "Unimplemented: '\(endpoint)'", fileID: fileID, filePath: filePath, line: line, column: column)
    return placeholder
  }
}

/// An endpoint that returns nothing: it reports a failure naming itself when called.
///
/// Disfavored so that a throwing `Void` endpoint (`signOut: unimplemented("AuthClient.signOut")`)
/// picks the overload that also throws, rather than being ambiguous.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ endpoint: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Void {
  { (_: repeat each Argument) async in
    reportIssue(
      "Unimplemented: '\(endpoint)'", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
