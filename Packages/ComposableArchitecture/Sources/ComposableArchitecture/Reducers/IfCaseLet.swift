extension Reducer {
  /// Runs `child` while the enum state is in the case `toChildState`, after letting the child
  /// handle its actions first.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { Home() }
  /// ```
  ///
  /// A child action that arrives while the state is in another case is reported.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child>
  where
    State: CasePathable & SendableMetatype, ChildState: SendableMetatype,
    ChildState == Child.State, ChildAction == Child.Action
  {
    IfCaseLetReducer(
      parent: self,
      child: child(),
      toChildState: AnyCasePath(toChildState),
      toChildAction: AnyCasePath(toChildAction),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let run: ReduceFunction<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent, child: Child, toChildState: AnyCasePath<Parent.State, Child.State>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>, location: IssueLocation
  ) {
    let runParent = ReduceFunction(parent)
    let runChild = ReduceFunction(child)
    self.run = ReduceFunction { state, action in
      guard let childAction = toChildAction.extract(from: action) else {
        return runParent(&state, action)
      }
      let childEffect: Effect<Parent.Action>
      if var childState = toChildState.extract(from: state) {
        let effect = runChild(&childState, childAction)
        state = toChildState.embed(childState)
        childEffect = effect.map(toChildAction.embedFunction)
      } else {
        Self.reportWrongCase(action: action, state: state, at: location)
        childEffect = .none
      }
      return childEffect.merge(with: runParent(&state, action))
    }
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    run(&state, action)
  }

  @usableFromInline
  static func reportWrongCase(action: Parent.Action, state: Parent.State, at location: IssueLocation) {
    reportMisuse(
      """
      An 'ifCaseLet' at '\(location)' received a child action while the state was in another case.

        Action:
          \(debugCaseName(action))
        State:
          \(debugCaseName(state))

      The child reducer did not run. This usually means an effect of the child kept running \
      after the state moved to another case. To fix it, cancel the child's effects when leaving \
      the case, or send child actions only while the state is in that case.
      """,
      at: location
    )
  }
}

extension IfCaseLetReducer: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
