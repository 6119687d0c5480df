extension String {
  /// The first control character (U+0000–U+001F, U+007F–U+009F) in the text, except the line
  /// breaks and tabs in `allowed`; `nil` when there is none.
  ///
  /// A NUL would end the text early wherever it meets C (libcrypt, logs), and other control
  /// characters make no sense in names or passwords, so they are refused rather than stored.
  func firstControlCharacter(allowing allowed: Set<Unicode.Scalar> = []) -> Unicode.Scalar? {
    unicodeScalars.first { scalar in
      (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && !allowed.contains(scalar)
    }
  }
}

extension Unicode.Scalar {
  /// `U+0000` style, for messages.
  var codePointName: String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
