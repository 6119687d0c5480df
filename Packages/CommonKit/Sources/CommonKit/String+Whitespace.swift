extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  ///
  /// Foundation-free, so CommonKit stays dependency-light.
  public func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}
