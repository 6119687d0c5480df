extension Reducer {
  /// Runs `child` on optional child state while it is non-`nil`, after letting the child handle
  /// its actions first.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.password, action: \.password) { SignInPassword() }
  /// ```
  ///
  /// When the child state goes away (set to `nil`, or replaced by a child with another `id`),
  /// the effects the child started are cancelled, and the cancellation ids a child uses reach
  /// only its own effects. A child action that arrives while the state is `nil` is reported.
  /// A child that is an alert-like value (``EphemeralState``) is cleared after any of its
  /// actions.
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

extension Reducer {
  /// Integrates an optional alert-like value (``AlertState``, ``ConfirmationDialogState``) held
  /// without `PresentationState`: any of its actions reaches the parent, and the value is
  /// cleared first.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: \.alert)
  /// ```
  @inlinable
  public func ifLet<ChildState: EphemeralState, ChildAction: Sendable>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> where Action: SendableMetatype {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
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
    let identity = ChildIdentity<Child.State>()
    let clearsAfterAction = Child.State.self is any EphemeralState.Type
    // Key paths are immutable values; they are safe to share.
    nonisolated(unsafe) let toChildState = toChildState
    self.run = ReduceFunction { state, action in
      var childEffect = Effect<Parent.Action>.none
      if let childAction = toChildAction.extract(from: action) {
        if let child = state[keyPath: toChildState] {
          let scope = NavigationCancelID(path: toChildState, identity: identity(child))
          childEffect = runChild(&state[keyPath: toChildState]!, childAction)
            .map(toChildAction.embedFunction)
            .runningAsChild(scope)
          if clearsAfterAction { state[keyPath: toChildState] = nil }
        } else {
          Self.reportMissingChild(action: action, at: location)
        }
      }
      // Whether the parent removes the child, or replaces it with another one.
      let childBefore = state[keyPath: toChildState].map { identity($0) }
      let parentEffect = runParent(&state, action)
      guard let childBefore else { return childEffect.merge(with: parentEffect) }
      let childAfter = state[keyPath: toChildState].map { identity($0) }
      guard childAfter != childBefore else { return childEffect.merge(with: parentEffect) }
      return childEffect.merge(with: parentEffect).merge(
        with: .cancel(id: NavigationCancelID(path: toChildState, identity: childBefore)))
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
      An "ifLet" at "\(location)" received a child action when child state was "nil". …

        Action:
          \(debugCaseName(action))

      The child reducer did not run. This usually means an effect of the child kept running \
      after its state was set to "nil", or an action was sent to a child that is gone. To fix, \
      cancel the child's effects when clearing its state, or check the state before sending.
      """,
      at: location
    )
  }
}

extension IfLetReducer: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
