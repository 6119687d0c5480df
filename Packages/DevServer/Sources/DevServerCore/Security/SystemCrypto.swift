#if canImport(CLibCrypto)
import CLibCrypto
#elseif canImport(CommonCrypto)
import CommonCrypto
#endif

/// The platform seam for the backend's cryptography: SHA-256 from OpenSSL on Linux and from
/// CommonCrypto on Apple platforms, random bytes from the system's generator everywhere
/// (`SystemRandomNumberGenerator` is a CSPRNG on every platform Swift supports).
enum SystemCrypto {
  static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: 32)
    #if canImport(CLibCrypto)
    var length: UInt32 = 0
    bytes.withUnsafeBytes { input in
      _ = EVP_Digest(input.baseAddress, input.count, &output, &length, EVP_sha256(), nil)
    }
    #elseif canImport(CommonCrypto)
    bytes.withUnsafeBytes { input in
      _ = CC_SHA256(input.baseAddress, CC_LONG(input.count), &output)
    }
    #endif
    return output
  }

  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
  }

  static func hmacSHA256(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
    var block = key.count > 64 ? sha256(key) : key
    block += [UInt8](repeating: 0, count: 64 - block.count)
    let inner = sha256(block.map { $0 ^ 0x36 } + message)
    return sha256(block.map { $0 ^ 0x5c } + inner)
  }

  /// PBKDF2-HMAC-SHA-256 (RFC 8018) with one round, as scrypt uses it, `length` bytes long.
  static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], length: Int) -> [UInt8] {
    var output: [UInt8] = []
    var blockIndex: UInt32 = 1
    while output.count < length {
      let indexBytes = withUnsafeBytes(of: blockIndex.bigEndian) { Array($0) }
      output += hmacSHA256(key: password, salt + indexBytes).prefix(length - output.count)
      blockIndex += 1
    }
    return output
  }
}
