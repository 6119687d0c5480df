/// Random session tokens: 32 bytes from the system's cryptographic generator, as 64 hex digits.
///
/// The database keeps only each token's SHA-256 (``digest(_:)``), so a leaked database file does
/// not hand out live sessions.
enum SessionToken {
  /// The SHA-256 of `token` as 64 hex digits (``SystemCrypto``: OpenSSL or CommonCrypto).
  static func digest(_ token: String) throws -> String {
    PasswordHasher.hex(SystemCrypto.sha256(Array(token.utf8)))
  }

  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    text.reserveCapacity(64)
    for _ in 0..<4 {
      let word = generator.next() as UInt64
      let hex = String(word, radix: 16)
      text += String(repeating: "0", count: 16 - hex.count) + hex
    }
    return text
  }

  /// Extracts the token from `authorization: Bearer <token>`, or `nil` when absent or malformed.
  static func fromAuthorizationHeader(_ value: String?) -> String? {
    guard let value else { return nil }
    let parts = value.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = String(parts[1])
    guard token.count == 64, token.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
    else {
      return nil
    }
    return token
  }
}
