extension Reducer {
  /// Runs `child` on optional child state while it is non-`nil`, after letting the child handle
  /// its actions first.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.password, action: \.password) { SignInPassword() }
  /// ```
  ///
  /// When the parent sets the state to `nil`, the child's effects that were made cancellable
  /// are unaffected; use presentation state (`PresentationState`) to cancel them on dismissal.
  /// A child action that arrives while the state is `nil` is reported.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child>
  where Action: SendableMetatype, ChildState == Child.State, ChildAction == Child.Action {
    IfLetReducer(
      parent: self,
      child: child(),
      toChildState: toChildState,
      toChildAction: AnyCasePath(toChildAction),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let run: ReduceFunction<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>, location: IssueLocation
  ) {
    let runParent = ReduceFunction(parent)
    let runChild = ReduceFunction(child)
    // Key paths are immutable values; they are safe to share.
    nonisolated(unsafe) let toChildState = toChildState
    self.run = ReduceFunction { state, action in
      guard let childAction = toChildAction.extract(from: action) else {
        return runParent(&state, action)
      }
      let childEffect: Effect<Parent.Action>
      if state[keyPath: toChildState] == nil {
        Self.reportMissingChild(action: action, at: location)
        childEffect = .none
      } else {
        childEffect = runChild(&state[keyPath: toChildState]!, childAction)
          .map(toChildAction.embedFunction)
      }
      return childEffect.merge(with: runParent(&state, action))
    }
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    run(&state, action)
  }

  @usableFromInline
  static func reportMissingChild(action: Parent.Action, at location: IssueLocation) {
    reportMisuse(
      """
      An 'ifLet' at '\(location)' received a child action while the child state was nil.

        Action:
          \(debugCaseName(action))

      The child reducer did not run. This usually means an effect of the child kept running \
      after its state was set to nil, or an action was sent to a child that is gone. To fix it, \
      cancel the child's effects when clearing its state, or check the state before sending.
      """,
      at: location
    )
  }
}

extension IfLetReducer: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
