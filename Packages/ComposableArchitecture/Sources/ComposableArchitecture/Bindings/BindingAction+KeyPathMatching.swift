extension BindingAction {
  /// Whether `bindingAction` sets the field at `keyPath`; what lets a reducer react to one field
  /// in a `switch`:
  ///
  /// ```swift
  /// case .binding(\.query):
  ///   return .send(.searchQueryChanged)
  /// ```
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self) -> Bool {
    bindingAction.keyPath == keyPath
  }
}

extension Case {
  /// The binding actions that set the field at `keyPath`, as a case whose payload is the new
  /// value; it makes `\.binding.query` a ``CaseKeyPath``:
  ///
  /// ```swift
  /// await store.receive(\.binding.query, "iu")
  /// ```
  public subscript<Root: SendableMetatype, Member: Equatable & Sendable & SendableMetatype>(
    dynamicMember keyPath: WritableKeyPath<Root, Member>
  ) -> Case<Member> where Value == BindingAction<Root> {
    nonisolated(unsafe) let keyPath = keyPath
    let field = AnyCasePath<BindingAction<Root>, Member>(
      embed: { .set(keyPath, $0) },
      extract: { $0.value(for: keyPath) }
    )
    return Case<Member>(chain: chain.appending(field))
  }
}
