import ComposableArchitecture
import Testing

// TCA's `CasePathable.modify(_:yield:)`, which the library does not have yet: changes the
// payload of the case `casePath` in place, and records an issue when the value is in another case.
extension CasePathable where Self: SendableMetatype {
  mutating func modifyCase<Value: SendableMetatype>(
    _ casePath: CaseKeyPath<Self, Value>,
    _ body: (inout Value) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let path = AnyCasePath(casePath)
    guard var value = path.extract(from: self) else {
      Issue.record("Can't modify \(self): it is not in the expected case.", sourceLocation: sourceLocation)
      return
    }
    body(&value)
    self = path.embed(value)
  }
}
