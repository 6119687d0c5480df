extension Reducer {
  /// Runs a presented child feature where the parent's ``PresentationState`` holds one.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: \.destination) { Destination() }
  /// ```
  ///
  /// The child runs before the parent. `.dismiss` clears the child state after the parent saw
  /// it. Whenever a presentation ends (dismissed, set to `nil`, or replaced by another) the
  /// effects it started are cancelled, and its effects can close it with ``DismissEffect``.
  public func ifLet<ChildState, ChildAction: Sendable, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, Child>
  where Action: SendableMetatype, ChildState == Child.State, ChildAction == Child.Action {
    PresentationReducer(
      parent: self,
      runChild: LazyReduceFunction(destination()),
      toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents a child with no logic of its own, such as an ``AlertState`` or a
  /// ``ConfirmationDialogState``: `.ifLet(\.$alert, action: \.alert)`.
  ///
  /// Any of its button actions reaches the parent and dismisses it.
  public func ifLet<ChildState, ChildAction: Sendable>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>>
  where Action: SendableMetatype {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The reducer made by ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
public struct PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer, @unchecked Sendable
where Parent.Action: SendableMetatype {
  // Sendable: key paths are immutable values.
  let parent: Parent
  let runChild: LazyReduceFunction<Child>
  let toPresentationState: WritableKeyPath<Parent.State, PresentationState<Child.State>>
  let toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Child.Action>>
  let location: IssueLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // Only identities are kept: holding the child state would copy it when the child mutates.
    let mountedID = state[keyPath: toPresentationState].mountedID
    let idBefore = state[keyPath: toPresentationState].currentID
    let wasPresented = idBefore != .none
    let presentationAction = toPresentationAction.extract(from: action)
    var effects = Effect<Parent.Action>.none
    // Another reducer dismissed or replaced the child since this one last ran: the effects of
    // the child it saw are still running.
    if mountedID != .none, mountedID != idBefore {
      effects = .cancel(id: PresentationCancelID(id: mountedID))
    }
    // `.dismiss` closes the child, and so does any action of an alert-like child.
    var closesChild = false

    switch presentationAction {
    case .presented(let childAction):
      if let shown = state[keyPath: toPresentationState].storage {
        closesChild = isEphemeral(shown) && isAction(childAction, forCaseOf: shown)
      }
      effects = effects.merge(
        with: reduceChild(into: &state, action: childAction, presentationID: idBefore))
    case .dismiss:
      closesChild = true
      if !wasPresented { reportDismissWithNothingPresented() }
    case nil:
      break
    }
    effects = effects.merge(with: parent.reduce(into: &state, action: action))

    if closesChild, wasPresented, state[keyPath: toPresentationState].currentID == idBefore {
      state[keyPath: toPresentationState].wrappedValue = nil
    }

    let idAfter = state[keyPath: toPresentationState].currentID
    if wasPresented, idAfter != idBefore {
      effects = effects.merge(with: .cancel(id: PresentationCancelID(id: idBefore)))
    }
    if mountedID != idAfter {
      state[keyPath: toPresentationState].mountedID = idAfter
    }
    return effects
  }

  private func reportDismissWithNothingPresented() {
    reportMisuse(
      """
      An "ifLet" at "\(location)" received a presentation action when destination state was \
      absent. …

        Action:
          .dismiss

      Nothing was dismissed. This usually means a view sent ".dismiss" twice, or an effect \
      dismissed a child that was already closed. To fix, send ".dismiss" only while the child is \
      presented (a dismissed child's own effects are cancelled and cannot send it).
      """,
      at: location
    )
  }

  private func reduceChild(
    into state: inout Parent.State, action childAction: Child.Action,
    presentationID: PresentationID
  ) -> Effect<Parent.Action> {
    guard state[keyPath: toPresentationState].storage != nil else {
      reportMisuse(
        """
        An "ifLet" at "\(location)" received a presentation action when destination state was \
        absent. …

          Action:
            .presented(\(debugCaseName(childAction)))

        The child reducer did not run. This usually means an effect outlived its presentation, \
        or a view sent an action after dismissing. To fix, start the child's long-running work \
        from its own effects (they are cancelled on dismiss), or check the state first.
        """,
        at: location
      )
      return .none
    }
    let toPresentationAction = self.toPresentationAction
    // Taken out of the parent while the child runs: a `$destination` key path reads and writes
    // the wrapper whole, so the parent would share the child's storage and the child's first
    // write would copy it (a room's whole message array per message).
    var presentation = state[keyPath: toPresentationState]
    state[keyPath: toPresentationState] = PresentationState(wrappedValue: nil)
    defer { state[keyPath: toPresentationState] = presentation }
    let identityBefore = NavigationIdentity(of: presentation.storage!)
    let effect = runChild(&presentation.storage!, childAction)
    // A child that changed its own identity (its `id`, or its case) is a new presentation: the
    // effects of the old one, including those just returned, end with it.
    if let child = presentation.storage, NavigationIdentity(of: child) != identityBefore {
      presentation.presentationID = .next()
    }
    let scope = PresentationCancelID(id: presentationID)
    return
      effect
      .map { toPresentationAction.embed(.presented($0)) }
      .scopingCancellation(to: CancelID(scope))
      .dismissing(with: toPresentationAction.embed(.dismiss))
      .cancellable(id: scope)
  }
}

/// The cancel id shared by every effect of one presentation.
struct PresentationCancelID: Hashable, Sendable {
  let id: PresentationID
}

/// Whether `action` belongs to the case `state` is in, for a destination enum whose state and
/// action cases share names (`.alert(AlertState)`, `.alert(Alert)`); always true otherwise.
func isAction(_ action: Any, forCaseOf state: Any) -> Bool {
  guard let stateCase = enumCaseName(of: state), Mirror(reflecting: state).children.first != nil,
    let actionCase = enumCaseName(of: action)
  else { return true }
  return stateCase == actionCase
}

/// Whether `state` is a value like an alert, which a button action dismisses by itself; also
/// true for a destination enum whose current case holds one.
func isEphemeral(_ state: Any) -> Bool {
  if state is any EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return payload is any EphemeralState
}
