/// The state of a reducer whose `State` is an enum of screens' states, naming that reducer, as
/// `scripts/codegen` writes for a reducer marked `// codegen: enum reducer` (TCA's
/// `@Reducer enum`).
///
/// A stack of such screens then needs no trailing closure: `.forEach(\.path, action: \.path)`.
public protocol CaseReducerState {
  /// The reducer whose state this is.
  associatedtype StateReducer: Reducer where StateReducer.State == Self

  /// The reducer that runs this state: `Path()`. (A requirement here rather than an `init()` on
  /// the reducer, so a public reducer keeps its synthesized internal initializer.)
  static var stateReducer: StateReducer { get }
}

extension Reducer {
  /// Runs the screens of a navigation stack whose element state names its reducer:
  /// `.forEach(\.path, action: \.path)` runs `Path()` when `Path.State` is a ``CaseReducerState``.
  ///
  /// The same as ``forEach(_:action:destination:fileID:filePath:line:column:)`` with
  /// `{ ElementState.stateReducer }`.
  public func forEach<ElementState: CaseReducerState & Sendable, ElementAction: Sendable>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<Self, ElementState.StateReducer>
  where Action: SendableMetatype, ElementState.StateReducer.Action == ElementAction {
    forEach(
      toStackState, action: toStackAction, destination: { ElementState.stateReducer },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
