extension CasePathable where Self: SendableMetatype {
  /// Changes the payload of the case `casePath` in place: `state.destination?.modify(\.editor)
  /// { $0.title = "" }`.
  ///
  /// A value in another case is left as it is, and the mistake is reported: code that modifies a
  /// case expects the value to be in it.
  public mutating func modify<Value: SendableMetatype>(
    _ casePath: CaseKeyPath<Self, Value>,
    _ body: (inout Value) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let casePath = AnyCasePath(casePath)
    guard var value = casePath.extract(from: self) else {
      reportIssue(
        """
        Can't modify '\(debugCaseName(self))' via 'CaseKeyPath<\(Self.self), \(Value.self)>'

        Nothing was changed: the value is in another case. To fix, check the case first \
        ("value.is(\\.case)"), or modify only where the value is known to be in it.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    body(&value)
    self = casePath.embed(value)
  }
}
