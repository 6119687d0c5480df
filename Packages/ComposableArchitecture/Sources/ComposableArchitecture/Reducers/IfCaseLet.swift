extension Reducer {
  /// Runs `child` while the enum state is in the case `toChildState`, after letting the child
  /// handle its actions first.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { Home() }
  /// ```
  ///
  /// When the state leaves the case (or the child in it is replaced by one with another `id`),
  /// the effects the child started are cancelled, and the cancellation ids a child uses reach
  /// only its own effects. A child action that arrives while the state is in another case is
  /// reported.
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
      stateCaseKey: toChildState,
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
    stateCaseKey: AnyKeyPath, toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    location: IssueLocation
  ) {
    let runParent = ReduceFunction(parent)
    let runChild = ReduceFunction(child)
    let identity = ChildIdentity<Child.State>()
    // Key paths are immutable values; they are safe to share.
    nonisolated(unsafe) let stateCaseKey = stateCaseKey
    self.run = ReduceFunction { state, action in
      var childEffect = Effect<Parent.Action>.none
      if let childAction = toChildAction.extract(from: action) {
        // Moved out of the enum while the child runs, as `Scope` does, so the child writes in place.
        let whole = consume state
        if var childState = toChildState.extract(from: whole) {
          _ = consume whole
          let scope = NavigationCancelID(path: stateCaseKey, identity: identity(childState))
          let effect = runChild(&childState, childAction)
          state = toChildState.embed(childState)
          childEffect = effect.map(toChildAction.embedFunction).runningAsChild(scope)
        } else {
          state = whole
          Self.reportWrongCase(action: action, state: state, at: location)
        }
      }
      // Whether the parent leaves the case, or puts another child in it.
      let childBefore = toChildState.extract(from: state).map { identity($0) }
      let parentEffect = runParent(&state, action)
      guard let childBefore else { return childEffect.merge(with: parentEffect) }
      let childAfter = toChildState.extract(from: state).map { identity($0) }
      guard childAfter != childBefore else { return childEffect.merge(with: parentEffect) }
      return childEffect.merge(with: parentEffect).merge(
        with: .cancel(id: NavigationCancelID(path: stateCaseKey, identity: childBefore)))
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
      An "ifCaseLet" at "\(location)" received a child action when child state was set to a \
      different case. …

        Action:
          \(debugCaseName(action))
        State:
          \(debugCaseName(state))

      The child reducer did not run. This usually means an effect of the child kept running \
      after the state moved to another case. To fix, cancel the child's effects when leaving \
      the case, or send child actions only while the state is in that case.
      """,
      at: location
    )
  }
}

extension IfCaseLetReducer: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
