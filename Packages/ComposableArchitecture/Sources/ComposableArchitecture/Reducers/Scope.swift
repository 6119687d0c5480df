/// Runs a child feature's reducer on a part of the parent's state, for the child's actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.profile, action: \.profile) {
///     Profile()
///   }
///   Reduce { state, action in … }
/// }
/// ```
///
/// The state can also be one case of an enum: `Scope(state: \.loggedIn, action: \.loggedIn)`
/// with `State: CasePathable`. Put `Scope` before the parent's `Reduce`, so the parent sees the
/// state the child left.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath: @unchecked Sendable {
    // Key paths are immutable values; they are safe to share.
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let runChild: ReduceFunction<Child.State, Child.Action>
  @usableFromInline let location: IssueLocation

  /// Scopes to the child state at `state`, for the child actions in the case `action`.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(state)
    self.toChildAction = AnyCasePath(action)
    self.runChild = ReduceFunction(child())
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes to the child state in the enum case `state`, for the child actions in the case
  /// `action`. A child action that arrives while the state is in another case is reported.
  public init<ChildState, ChildAction>(
    state: CaseKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where
    ParentState: CasePathable & SendableMetatype, ChildState: SendableMetatype,
    ChildState == Child.State, ChildAction == Child.Action
  {
    self.toChildState = .casePath(AnyCasePath(state))
    self.toChildAction = AnyCasePath(action)
    self.runChild = ReduceFunction(child())
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    switch toChildState {
    case .keyPath(let keyPath):
      return runChild(&state[keyPath: keyPath], childAction)
        .map(toChildAction.embedFunction)
    case .casePath(let casePath):
      guard var childState = casePath.extract(from: state) else {
        reportWrongCase(action: action, state: state)
        return .none
      }
      let effect = runChild(&childState, childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embedFunction)
    }
  }

  @usableFromInline
  func reportWrongCase(action: ParentAction, state: ParentState) {
    reportMisuse(
      """
      A 'Scope' at '\(location)' received a child action while the state was in another case.

        Action:
          \(debugCaseName(action))
        State:
          \(debugCaseName(state))

      The child reducer did not run. This usually means an effect of the child kept running after \
      the state moved to another case. To fix it, cancel the child's effects when leaving the case \
      ('.cancel(id:)'), or send child actions only while the state is in that case.
      """,
      at: location
    )
  }
}
