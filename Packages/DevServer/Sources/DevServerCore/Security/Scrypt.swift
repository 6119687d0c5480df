/// scrypt (RFC 7914): a memory-hard password hash in plain Swift, so every platform has one.
///
/// Costs `128 · r · N` bytes per hash (16 MiB with N = 2^14, r = 8), like yescrypt's default.
enum Scrypt {
  static func derive(
    password: [UInt8], salt: [UInt8], logN: Int, r: Int, p: Int, length: Int
  ) -> [UInt8] {
    let n = 1 << logN
    let blockBytes = 128 * r
    var bytes = SystemCrypto.pbkdf2SHA256(password: password, salt: salt, length: p * blockBytes)
    var scratch = [UInt32](repeating: 0, count: 32 * r * n)
    for lane in 0..<p {
      // Little-endian 32-bit words, as RFC 7914 reads the block.
      var words = (0..<(32 * r)).map { index in
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[lane * blockBytes + index * 4 + $1]) << (8 * $1) }
      }
      roMix(&words, n: n, r: r, scratch: &scratch)
      for (index, word) in words.enumerated() {
        for byte in 0..<4 {
          bytes[lane * blockBytes + index * 4 + byte] = UInt8(truncatingIfNeeded: word >> (8 * byte))
        }
      }
    }
    return SystemCrypto.pbkdf2SHA256(password: password, salt: bytes, length: length)
  }

  private static func roMix(_ x: inout [UInt32], n: Int, r: Int, scratch v: inout [UInt32]) {
    let words = 32 * r
    var y = [UInt32](repeating: 0, count: words)
    for index in 0..<n {
      for k in 0..<words { v[index * words + k] = x[k] }
      blockMix(&x, into: &y, r: r)
    }
    for _ in 0..<n {
      let j = Int(x[(2 * r - 1) * 16]) & (n - 1)
      for k in 0..<words { x[k] ^= v[j * words + k] }
      blockMix(&x, into: &y, r: r)
    }
  }

  private static func blockMix(_ b: inout [UInt32], into y: inout [UInt32], r: Int) {
    var x = Array(b[((2 * r - 1) * 16)..<(2 * r * 16)])
    for index in 0..<(2 * r) {
      for k in 0..<16 { x[k] ^= b[index * 16 + k] }
      salsa20_8(&x)
      // Even blocks go to the first half of the output, odd ones to the second.
      let target = (index % 2 == 0 ? index / 2 : r + index / 2) * 16
      for k in 0..<16 { y[target + k] = x[k] }
    }
    swap(&b, &y)
  }

  private static func salsa20_8(_ block: inout [UInt32]) {
    var x = block
    func quarter(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
      x[b] ^= (x[a] &+ x[d]).rotatedLeft(7)
      x[c] ^= (x[b] &+ x[a]).rotatedLeft(9)
      x[d] ^= (x[c] &+ x[b]).rotatedLeft(13)
      x[a] ^= (x[d] &+ x[c]).rotatedLeft(18)
    }
    for _ in 0..<4 {
      quarter(0, 4, 8, 12)
      quarter(5, 9, 13, 1)
      quarter(10, 14, 2, 6)
      quarter(15, 3, 7, 11)
      quarter(0, 1, 2, 3)
      quarter(5, 6, 7, 4)
      quarter(10, 11, 8, 9)
      quarter(15, 12, 13, 14)
    }
    for index in 0..<16 { block[index] = block[index] &+ x[index] }
  }
}

extension UInt32 {
  fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { (self << count) | (self >> (32 - count)) }
}
