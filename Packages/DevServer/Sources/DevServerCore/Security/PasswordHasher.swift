import CCrypt
import Foundation

/// Hashes and verifies passwords with libcrypt's yescrypt (the hash string carries its own
/// parameters and salt, so hashes made with any cost still verify).
struct PasswordHasher: Sendable {
  /// yescrypt's cost; 0 lets libcrypt choose its default (5). Tests lower it to stay fast.
  var cost: UInt

  static let standard = PasswordHasher(cost: 0)

  func hash(_ password: String) throws -> String {
    guard !password.utf8.contains(0) else {
      throw DevBackendError(message: "a password containing NUL cannot be hashed")
    }
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
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

  /// Whether `password` matches `storedHash`; compares in constant time.
  func verify(_ password: String, against storedHash: String) -> Bool {
    // libcrypt reads a C string: a NUL would verify only the part before it.
    guard !password.utf8.contains(0) else { return false }
    guard let computed = Self.crypt(password, setting: storedHash) else { return false }
    let a = Array(computed.utf8)
    let b = Array(storedHash.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
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
}
