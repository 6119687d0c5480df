extension CasePathable {
  /// The payload of the case named `keyPath` in ``AllCasePaths``, or `nil` when the value is in
  /// another case; setting it replaces the payload only while the value is in that case.
  ///
  /// It lets a test reach into a presented destination the way TCA's does:
  ///
  /// ```swift
  /// await store.send(\.destination.editor.titleChanged, "안녕") {
  ///   $0.destination?.editor?.title = "안녕"
  /// }
  /// ```
  ///
  /// Setting `nil`, or setting while in another case, changes nothing: changing a destination's
  /// case is the reducer's business, and doing it through a property would hide the switch.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<AllCasePaths, AnyCasePath<Self, Member>>
  ) -> Member? {
    get { Self.allCasePaths[keyPath: keyPath].extract(from: self) }
    set {
      let path = Self.allCasePaths[keyPath: keyPath]
      guard let newValue, path.extract(from: self) != nil else { return }
      self = path.embed(newValue)
    }
  }
}
