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
  @usableFromInline let parent: Parent
  @usableFromInline let runChild: ReduceFunction<Child.State, Child.Action>
  @usableFromInline let toChildState: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: IssueLocation

  @usableFromInline
  init(
    parent: Parent, child: Child, toChildState: AnyCasePath<Parent.State, Child.State>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>, location: IssueLocation
  ) {
    self.parent = parent
    self.runChild = ReduceFunction(child)
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffect = reduceChild(into: &state, action: action)
    return childEffect.merge(with: parent.reduce(into: &state, action: action))
  }

  @usableFromInline
  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
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
      return .none
    }
    let effect = runChild(&childState, childAction)
    state = toChildState.embed(childState)
    return effect.map(toChildAction.embedFunction)
  }
}
