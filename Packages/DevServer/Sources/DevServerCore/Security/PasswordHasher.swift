import Foundation

#if canImport(CCrypt)
import CCrypt
#endif

/// Hashes and verifies passwords with a memory-hard function; the stored string names it.
///
/// - `$y$…`: yescrypt via libcrypt, the default where libcrypt exists (Linux). Its string carries
///   its own parameters and salt, so hashes made with any cost still verify.
/// - `$scrypt$ln=14,r=8,p=1$<salt hex>$<hash hex>`: scrypt in plain Swift (``Scrypt``), the
///   default on Apple platforms and verifiable everywhere.
struct PasswordHasher: Sendable {
  enum Algorithm: Sendable {
    case yescrypt
    case scrypt

    static var platformDefault: Algorithm {
      #if canImport(CCrypt)
      .yescrypt
      #else
      .scrypt
      #endif
    }
  }

  /// The cost; 0 means each function's default (yescrypt 5, scrypt N = 2^14). Tests lower it.
  var cost: UInt
  var algorithm: Algorithm = .platformDefault

  static let standard = PasswordHasher(cost: 0)
  static let scryptPrefix = "$scrypt$"

  func hash(_ password: String) throws -> String {
    guard !password.utf8.contains(0) else {
      throw DevBackendError(message: "a password containing NUL cannot be hashed")
    }
    switch algorithm {
    case .scrypt:
      let logN = cost == 0 ? 14 : min(14, Int(cost) + 3)
      let salt = SystemCrypto.randomBytes(16)
      let derived = Scrypt.derive(
        password: Array(password.utf8), salt: salt, logN: logN, r: 8, p: 1, length: 32)
      return "\(Self.scryptPrefix)ln=\(logN),r=8,p=1$\(Self.hex(salt))$\(Self.hex(derived))"
    case .yescrypt:
      #if canImport(CCrypt)
      return try yescrypt(password)
      #else
      throw DevBackendError(message: "yescrypt needs libcrypt, which this platform lacks; use scrypt")
      #endif
    }
  }

  /// Whether `password` matches `storedHash`; compares in constant time.
  func verify(_ password: String, against storedHash: String) -> Bool {
    // libcrypt reads a C string: a NUL would verify only the part before it.
    guard !password.utf8.contains(0) else { return false }
    let computed: String?
    if storedHash.hasPrefix(Self.scryptPrefix) {
      computed = Self.scrypt(password, like: storedHash)
    } else {
      #if canImport(CCrypt)
      computed = Self.crypt(password, setting: storedHash)
      #else
      computed = nil
      #endif
    }
    guard let computed, computed.utf8.count == storedHash.utf8.count else { return false }
    return zip(computed.utf8, storedHash.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// Recomputes a `$scrypt$` string for `password` with the stored parameters and salt.
  private static func scrypt(_ password: String, like stored: String) -> String? {
    let parts = stored.dropFirst(scryptPrefix.count).split(separator: "$")
    guard parts.count == 3 else { return nil }
    var parameters: [Substring: Int] = [:]
    for pair in parts[0].split(separator: ",") {
      let keyValue = pair.split(separator: "=")
      guard keyValue.count == 2, let value = Int(keyValue[1]) else { return nil }
      parameters[keyValue[0]] = value
    }
    guard let logN = parameters["ln"], let r = parameters["r"], let p = parameters["p"],
      (1...20).contains(logN), (1...32).contains(r), (1...16).contains(p),
      let salt = bytes(fromHex: parts[1]), let expected = bytes(fromHex: parts[2]), !expected.isEmpty
    else { return nil }
    let derived = Scrypt.derive(
      password: Array(password.utf8), salt: salt, logN: logN, r: r, p: p, length: expected.count)
    return "\(scryptPrefix)\(parts[0])$\(parts[1])$\(hex(derived))"
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static func bytes(fromHex text: Substring) -> [UInt8]? {
    let digits = Array(text.utf8)
    let bytes = stride(from: 0, to: digits.count - 1, by: 2).compactMap {
      UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
    }
    return bytes.count * 2 == digits.count ? bytes : nil
  }

  #if canImport(CCrypt)
  private func yescrypt(_ password: String) throws -> String {
    let salt = SystemCrypto.randomBytes(16)
    let setting = salt.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        crypt_gensalt_ra("$y$", cost, chars.baseAddress, Int32(chars.count))
      }
    }
    guard let setting else {
      throw DevBackendError(message: "libcrypt could not make a yescrypt salt (errno \(errno))")
    }
    defer { free(setting) }
    guard let hashed = Self.crypt(password, setting: String(cString: setting)) else {
      throw DevBackendError(message: "libcrypt could not hash the password (errno \(errno))")
    }
    return hashed
  }

  private static func crypt(_ password: String, setting: String) -> String? {
    // crypt_data is ~32 KiB: heap-allocated and zeroed, as crypt_rn requires.
    let size = MemoryLayout<crypt_data>.size
    guard let memory = calloc(1, size) else { return nil }
    defer { free(memory) }
    let data = memory.bindMemory(to: crypt_data.self, capacity: 1)
    guard let result = crypt_rn(password, setting, data, Int32(size)) else { return nil }
    let text = String(cString: result)
    // libcrypt signals failure with a string starting with '*'.
    return text.hasPrefix("*") ? nil : text
  }
  #endif
}
