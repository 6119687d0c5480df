extension KeyMap {
  /// A sending problem's words, followed by what to type about it: `/retry` for a message kept
  /// after sending failed, Enter again for one kept to be shortened, nothing otherwise.
  ///
  /// ```swift
  /// KeyMap.withSendRemedy("Sending failed.", unsent: true, refused: false)
  /// // "Sending failed. Type /retry to send it again."
  /// ```
  public static func withSendRemedy(_ words: String, unsent: Bool, refused: Bool) -> String {
    if unsent { return "\(words) \(retry.hint("send it again", keys: false))" }
    if refused { return "\(words) Then press Enter again." }
    return words
  }
}
