/// Turns bytes read from a pipe into lines, however the bytes were chunked.
///
/// A multi-byte character split between two reads is kept until it is complete; `\r\n` ends a
/// line like `\n`; invalid UTF-8 becomes U+FFFD instead of failing.
struct LineSplitter {
  private var pending: [UInt8] = []

  /// The complete lines in `bytes` and whatever came before them.
  mutating func append(_ bytes: [UInt8]) -> [String] {
    pending += bytes
    var lines: [String] = []
    var start = 0
    for index in pending.indices where pending[index] == UInt8(ascii: "\n") {
      lines.append(Self.decode(pending[start..<index]))
      start = index + 1
    }
    pending.removeFirst(start)
    return lines
  }

  /// The last line, if input ended without a newline.
  mutating func finish() -> String? {
    defer { pending = [] }
    return pending.isEmpty ? nil : Self.decode(pending[...])
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var bytes = bytes
    if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
