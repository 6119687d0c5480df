/// Random session tokens: 32 bytes from the system's cryptographic generator, as 64 hex digits.
///
/// The database keeps only each token's SHA-256 (``digest(_:)``), so a leaked database file does
/// not hand out live sessions.
enum SessionToken {
  /// The SHA-256 of `token` as 64 hex digits (``SystemCrypto``: OpenSSL or CommonCrypto).
  static func digest(_ token: String) -> String {
    PasswordHasher.hex(SystemCrypto.sha256(Array(token.utf8)))
  }

  static func make() -> String {
    PasswordHasher.hex(SystemCrypto.randomBytes(32))
  }

  /// Extracts the token from `authorization: Bearer <token>`, or `nil` when absent or malformed.
  ///
  /// The scheme is case-insensitive and may be followed by several spaces; the token is 64
  /// lowercase hex digits. Checked byte by byte: this runs on every request.
  static func fromAuthorizationHeader(_ value: String?) -> String? {
    guard let value else { return nil }
    var bytes = value.utf8[...]
    while bytes.first == UInt8(ascii: " ") { bytes.removeFirst() }
    while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
    let scheme = Array("bearer".utf8)
    guard bytes.count > scheme.count,
      zip(bytes.prefix(scheme.count), scheme).allSatisfy({ $0 | 0x20 == $1 }),
      bytes.dropFirst(scheme.count).first == UInt8(ascii: " ")
    else { return nil }
    var token = bytes.dropFirst(scheme.count)
    while token.first == UInt8(ascii: " ") { token.removeFirst() }
    guard token.count == 64, token.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
    else { return nil }
    return String(Substring(token))
  }
}
