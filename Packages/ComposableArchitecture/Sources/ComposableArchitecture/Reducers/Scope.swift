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
  @usableFromInline let run: ReduceFunction<ParentState, ParentAction>

  /// Scopes to the child state at `state`, for the child actions in the case `action`.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    // Key paths are immutable values; they are safe to share.
    nonisolated(unsafe) let toChildState = state
    let toChildAction = AnyCasePath(action)
    let runChild = ReduceFunction(child())
    self.run = ReduceFunction { state, action in
      guard let childAction = toChildAction.extract(from: action) else { return .none }
      return runChild(&state[keyPath: toChildState], childAction).map(toChildAction.embedFunction)
    }
  }

  /// Scopes to the child state in the enum case `state`, for the child actions in the case
  /// `action`. A child action that arrives while the state is in another case is reported.
  @inlinable
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
    let toChildState = AnyCasePath(state)
    let toChildAction = AnyCasePath(action)
    let runChild = ReduceFunction(child())
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.run = ReduceFunction { state, action in
      guard let childAction = toChildAction.extract(from: action) else { return .none }
      // Moved out of the enum before the child runs, so the child's state is the only reference
      // to its storage: a child that appends to a long array appends in place instead of
      // copying it.
      let whole = consume state
      guard var childState = toChildState.extract(from: whole) else {
        Self.reportWrongCase(action: action, state: whole, at: location)
        state = whole
        return .none
      }
      _ = consume whole
      let effect = runChild(&childState, childAction)
      state = toChildState.embed(childState)
      return effect.map(toChildAction.embedFunction)
    }
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    run(&state, action)
  }

  @usableFromInline
  static func reportWrongCase(action: ParentAction, state: ParentState, at location: IssueLocation) {
    reportMisuse(
      """
      A "Scope" at "\(location)" received a child action when child state was set to a different \
      case. …

        Action:
          \(debugCaseName(action))
        State:
          \(debugCaseName(state))

      The child reducer did not run. This usually means an effect of the child kept running after \
      the state moved to another case. To fix, cancel the child's effects when leaving the case \
      (".cancel(id:)"), or send child actions only while the state is in that case.
      """,
      at: location
    )
  }
}

extension Scope: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
