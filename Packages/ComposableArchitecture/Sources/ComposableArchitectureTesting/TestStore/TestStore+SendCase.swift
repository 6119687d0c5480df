import ComposableArchitecture

extension TestStore {
  /// Sends the payload-less action at `casePath`, and asserts the state it produces; handy for
  /// actions nested deep in a parent's.
  ///
  /// ```swift
  /// // Instead of .destination(.presented(.editor(.saveButtonTapped))):
  /// await store.send(\.destination.editor.saveButtonTapped) { $0.destination = nil }
  /// ```
  @discardableResult
  public func send(
    _ casePath: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: SendableMetatype {
    await send(
      AnyCasePath(casePath).embed(()), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Sends the action at `casePath` carrying `value`, and asserts the state it produces.
  ///
  /// ```swift
  /// // Instead of .destination(.presented(.editor(.titleChanged("안녕")))):
  /// await store.send(\.destination.editor.titleChanged, "안녕") {
  ///   $0.destination?.editor?.title = "안녕"
  /// }
  /// ```
  @discardableResult
  public func send<Value: SendableMetatype>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: SendableMetatype {
    await send(
      AnyCasePath(casePath).embed(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
