extension Reducer {
  /// Runs `element` on each element of an identified array, for the actions addressed to it by
  /// id, after letting the element handle its action first.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// Removing an element cancels the effects it started, and the cancellation ids an element
  /// uses reach only its own effects. An action for an id that is not in the array is reported.
  @inlinable
  public func forEach<ElementState, ElementAction: Sendable, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction, Action: SendableMetatype {
    ForEachReducer(
      parent: self,
      element: element(),
      toElements: toElements,
      toElementAction: AnyCasePath(toElementAction),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let run: ReduceFunction<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent, element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: IssueLocation
  ) {
    let runParent = ReduceFunction(parent)
    let runElement = ReduceFunction(element)
    // Key paths are immutable values; they are safe to share.
    nonisolated(unsafe) let toElements = toElements
    // Straight to the ids: reading the whole array through a key path copies it into a buffer.
    nonisolated(unsafe) let toIDs = toElements.appending(path: \IdentifiedArray<ID, Element.State>.ids)
    self.run = ReduceFunction { state, action in
      var elementEffect = Effect<Parent.Action>.none
      let idsBefore: [ID]
      if case .element(let id, let elementAction) = toElementAction.extract(from: action) {
        // One access to the array runs the element and reads the ids the parent starts from.
        let reduced = Self.reduceElement(
          in: &state[keyPath: toElements], id: id, action: elementAction, run: runElement)
        idsBefore = reduced.ids
        if let effect = reduced.effect {
          elementEffect =
            effect
            .map { toElementAction.embed(.element(id: id, action: $0)) }
            .runningAsChild(NavigationCancelID(path: toElements, identity: id))
        } else {
          Self.reportMissingElement(id: id, action: action, at: location)
        }
      } else {
        idsBefore = state[keyPath: toIDs]
      }
      // Elements the parent removes take their effects with them. Unchanged ids share their
      // storage, so comparing them is one pointer comparison in the common case.
      let parentEffect = runParent(&state, action)
      let idsAfter = state[keyPath: toIDs]
      guard idsAfter != idsBefore else { return elementEffect.merge(with: parentEffect) }
      return elementEffect.merge(with: parentEffect).merge(
        with: Self.cancelRemoved(from: idsBefore, to: idsAfter, path: toElements))
    }
  }

  /// Runs the element with `id`, if there is one (`nil` effect otherwise), and returns the ids.
  @inlinable
  static func reduceElement(
    in elements: inout IdentifiedArray<ID, Element.State>, id: ID, action: Element.Action,
    run: ReduceFunction<Element.State, Element.Action>
  ) -> (effect: Effect<Element.Action>?, ids: [ID]) {
    guard elements[id: id] != nil else { return (nil, elements.ids) }
    let effect = run(&elements[id: id]!, action)
    return (effect, elements.ids)
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    run(&state, action)
  }

  /// Cancels the effects of the elements in `before` that are not in `after`.
  @usableFromInline
  static func cancelRemoved(from before: [ID], to after: [ID], path: AnyKeyPath) -> Effect<Parent.Action> {
    let remaining = Set(after)
    return .merge(
      before.lazy.filter { !remaining.contains($0) }
        .map { .cancel(id: NavigationCancelID(path: path, identity: $0)) })
  }

  @usableFromInline
  static func reportMissingElement(id: ID, action: Parent.Action, at location: IssueLocation) {
    reportMisuse(
      """
      A "forEach" at "\(location)" received an action for a missing element. …

        Action:
          \(debugCaseName(action))
        ID:
          \(debugCaseName(id))

      The element reducer did not run. This usually means an effect of a removed element kept \
      running, or an action was sent for an ID that was never added. To fix, cancel an \
      element's effects when removing it, or check the ID before sending.
      """,
      at: location
    )
  }
}

extension ForEachReducer: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
