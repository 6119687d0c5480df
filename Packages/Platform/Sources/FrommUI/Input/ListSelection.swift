extension InputEvent {
  /// Where the selection of a list of `count` rows goes after this input, or `nil` when the
  /// input does not move it.
  ///
  /// Down and Up (or Tab) step through the rows and stop at the ends; from no selection, Down
  /// picks the first row and Up the last. A typed number picks that row (1 is the first).
  ///
  /// ```swift
  /// if let row = input.movingSelection(state.selection, count: state.artists.count) {
  ///   return .selectionChanged(row)
  /// }
  /// ```
  public func movingSelection(_ selection: Int?, count: Int) -> Int? {
    guard count > 0 else { return nil }
    switch self {
    case .key(.down), .key(.tab):
      guard let selection else { return 0 }
      return min(selection + 1, count - 1)
    case .key(.up):
      guard let selection else { return count - 1 }
      return max(selection - 1, 0)
    case .line:
      guard let number, (1...count).contains(number) else { return nil }
      return number - 1
    default:
      return nil
    }
  }
}
