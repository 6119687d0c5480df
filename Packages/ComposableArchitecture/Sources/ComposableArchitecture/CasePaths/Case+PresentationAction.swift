extension Case {
  /// The case `keyPath` of a presented child's actions, reached without naming `presented`, as
  /// in TCA: `\.destination.editor` is `\.destination.presented.editor`.
  ///
  /// ```swift
  /// await store.send(\.destination.editor.saveButtonTapped)
  /// ```
  public subscript<ChildAction: CasePathable & SendableMetatype, Member: SendableMetatype>(
    dynamicMember keyPath: KeyPath<ChildAction.AllCasePaths, AnyCasePath<ChildAction, Member>>
  ) -> Case<Member> where Value == PresentationAction<ChildAction> {
    let presented = PresentationAction<ChildAction>.allCasePaths.presented
    return Case<Member>(
      chain: chain.appending(presented.appending(ChildAction.allCasePaths[keyPath: keyPath])))
  }
}
