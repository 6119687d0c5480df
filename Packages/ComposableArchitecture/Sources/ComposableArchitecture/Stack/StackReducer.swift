extension Reducer {
  /// Runs the screens of a navigation stack.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path) { Path() }
  /// ```
  ///
  /// A screen's action runs its reducer, then the parent's. `.push` and `.popFrom` change the
  /// stack after the parent saw them. Every screen that leaves the stack, however it left, has
  /// its effects cancelled; a screen's effects can pop it with ``DismissEffect``.
  public func forEach<ElementState: Sendable, ElementAction: Sendable, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<Self, Destination>
  where
    Action: SendableMetatype, Destination.State == ElementState,
    Destination.Action == ElementAction
  {
    StackReducer(
      parent: self,
      runDestination: ReduceFunction(destination()),
      toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer, @unchecked Sendable
where Parent.Action: SendableMetatype, Destination.State: Sendable {
  // Sendable: key paths are immutable values.
  let parent: Parent
  let runDestination: ReduceFunction<Destination.State, Destination.Action>
  let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction:
    AnyCasePath<
      Parent.Action, StackAction<Destination.State, Destination.Action>
    >
  let location: IssueLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // Only the ids are kept: holding the whole stack would copy every screen on mutation.
    let stackIdentity = state[keyPath: toStackState].stackIdentity
    // The screens this reducer saw last: another reducer may have removed some since, and
    // their effects are still running.
    let mountedIDs = state[keyPath: toStackState].mountedIDs
    let stackAction = toStackAction.extract(from: action)
    var effects = Effect<Parent.Action>.none

    if case .element(let id, let elementAction) = stackAction {
      effects = reduceElement(
        into: &state, id: id, action: elementAction, stackIdentity: stackIdentity)
    }
    effects = effects.merge(with: parent.reduce(into: &state, action: action))

    switch stackAction {
    case .popFrom(let id):
      if state[keyPath: toStackState].index(of: id) != nil {
        state[keyPath: toStackState].pop(from: id)
      } else {
        reportMisuse(missingPopMessage(id: id, stack: state[keyPath: toStackState]), at: location)
      }
    case .push(let id, let element):
      // As in TCA, a test that pushes past the next id has miscounted its screens; the screen is
      // pushed anyway.
      let nextID = state[keyPath: toStackState].nextID
      if id.rawValue > nextID, DependencyValues.currentValues.context == .test {
        reportMisuse(unexpectedPushIDMessage(id: id, nextID: nextID), at: location)
      }
      if !state[keyPath: toStackState].push(element, id: id) {
        reportMisuse(rejectedPushMessage(id: id, stack: state[keyPath: toStackState]), at: location)
      }
    case .element, nil:
      break
    }

    let idsAfter = state[keyPath: toStackState].ids
    for id in removedIDs(from: mountedIDs, to: idsAfter) {
      effects = effects.merge(with: .cancel(id: StackCancelID(stack: stackIdentity, element: id)))
    }
    if mountedIDs != idsAfter {
      state[keyPath: toStackState].mountedIDs = idsAfter
    }
    return effects
  }

  /// The ids in `before` that are not in `after`; linear for the usual cases (nothing changed,
  /// screens pushed or popped at the top).
  private func removedIDs(
    from before: [StackElementID], to after: [StackElementID]
  )
    -> ArraySlice<StackElementID>
  {
    let common = min(before.count, after.count)
    if before[..<common] == after[..<common] { return before[common...] }
    let remaining = Set(after)
    return ArraySlice(before.filter { !remaining.contains($0) })
  }

  private func reduceElement(
    into state: inout Parent.State, id: StackElementID, action elementAction: Destination.Action,
    stackIdentity: Int
  ) -> Effect<Parent.Action> {
    guard let index = state[keyPath: toStackState].index(of: id) else {
      reportMisuse(missingElementMessage(action: debugCaseName(elementAction), id: id), at: location)
      return .none
    }
    let toStackAction = self.toStackAction
    let scope = StackCancelID(stack: stackIdentity, element: id)
    return runDestination(&state[keyPath: toStackState][index], elementAction)
      .map { toStackAction.embed(.element(id: id, action: $0)) }
      .scopingCancellation(to: CancelID(scope))
      .dismissing(with: toStackAction.embed(.popFrom(id: id)))
      .cancellable(id: scope)
  }

  private func rejectedPushMessage(id: StackElementID, stack: StackState<Destination.State>) -> String {
    let problem =
      stack.ids.contains(id)
      ? "for an element it already contains" : "with an ID not greater than every ID on the stack"
    return """
      A "forEach" at "\(location)" received a "push" action \(problem). …

        ID:
          \(id)
        Path IDs:
          \(pathIDs(stack.ids))

      Nothing was pushed. Pushed IDs must grow, so that screens keep their push order; the next \
      free one is #\(stack.nextID). To fix, push with "state.path.append(…)" in the reducer, or \
      send ".push" with the stack's next ID.
      """
  }

  private func unexpectedPushIDMessage(id: StackElementID, nextID: Int) -> String {
    """
    A "forEach" at "\(location)" received a "push" action with an unexpected generational ID. …

      Received ID:
        \(id)
      Expected ID:
        \(StackElementID(rawValue: nextID))

    The screen was pushed under the received ID. IDs count every screen pushed on this stack, \
    from #0. To fix, send ".push" with the expected ID, or count the screens pushed before.
    """
  }

  private func missingPopMessage(id: StackElementID, stack: StackState<Destination.State>) -> String {
    """
    A "forEach" at "\(location)" received a "popFrom" action for a missing element. …

      ID:
        \(id)
      Path IDs:
        \(pathIDs(stack.ids))

    Nothing was popped. This usually means a view or an effect popped a screen that was already \
    gone. To fix, check the stack first, or let the screen dismiss itself ("await dismiss()").
    """
  }

  private func missingElementMessage(action: String, id: StackElementID) -> String {
    """
    A "forEach" at "\(location)" received an action for a missing element. …

      Action:
        \(action)
      ID:
        \(id)

    Nothing ran for that element. This usually means an effect outlived its screen, or a \
    view sent an action for a screen it already popped. To fix, let the screen's effects \
    end with it (they are cancelled when it is popped), or check the stack first.
    """
  }

  private func pathIDs(_ ids: [StackElementID]) -> String {
    "[" + ids.map(\.description).joined(separator: ", ") + "]"
  }
}

/// The cancel id shared by every effect of one screen of one stack.
struct StackCancelID: Hashable, Sendable {
  let stack: Int
  let element: StackElementID
}
