extension Reducer {
  /// Runs `element` on each element of an identified array, for the actions addressed to it by
  /// id, after letting the element handle its action first.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// An action for an id that is not in the array is reported. Removing an element does not
  /// cancel its effects by itself: cancel them with ids that include the element's id.
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
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer,
  @unchecked Sendable
{
  // Sendable: key paths are immutable values.
  @usableFromInline let parent: Parent
  @usableFromInline let runElement: ReduceFunction<Element.State, Element.Action>
  @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: IssueLocation

  @usableFromInline
  init(
    parent: Parent, element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: IssueLocation
  ) {
    self.parent = parent
    self.runElement = ReduceFunction(element)
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    return elementEffect.merge(with: parent.reduce(into: &state, action: action))
  }

  @usableFromInline
  func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction) = toElementAction.extract(from: action) else {
      return .none
    }
    guard state[keyPath: toElements][id: id] != nil else {
      reportMisuse(
        """
        A 'forEach' at '\(location)' received an action for an element that is not in the array.

          Action:
            \(debugCaseName(action))
          Missing id:
            \(debugCaseName(id))

        The element reducer did not run. This usually means an effect of a removed element kept \
        running, or an action was sent for an id that was never added. To fix it, cancel an \
        element's effects when removing it, or check the id before sending.
        """,
        at: location
      )
      return .none
    }
    let toElementAction = self.toElementAction
    return runElement(&state[keyPath: toElements][id: id]!, elementAction)
      .map { toElementAction.embed(.element(id: id, action: $0)) }
  }
}
