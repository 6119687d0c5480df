import Foundation

/// Appends JSON to a byte buffer exactly as `WireJSON.encode` would write it (sorted keys,
/// unescaped slashes, `2026-01-31T09:30:00.123Z` dates), without `JSONEncoder`'s per-value
/// boxing: the artist list and message pages are written on every poll, and `JSONEncoder` cost
/// more than the queries behind them. `JSONWriterTests` compares the two byte for byte.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 1_024) {
    bytes.reserveCapacity(capacity)
  }

  /// Writes `{`, then `members` (which write `key` + value pairs, keys in sorted order), then `}`.
  mutating func object(_ members: (inout JSONWriter) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    members(&self)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Writes `"key":`, preceded by a comma unless it is the object's `first` member.
  mutating func key(_ key: StaticString, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  /// Writes `[`, each element through `element`, then `]`.
  mutating func array<S: Sequence>(_ elements: S, _ element: (inout JSONWriter, S.Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (index, value) in elements.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      element(&self, value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes `text` quoted; runs that need no escaping (nearly all text) are copied whole.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        escape(byte)
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes the escape sequence `JSONEncoder` uses for a quote, a backslash or a control character.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(contentsOf: [92, UInt8(ascii: "\"")])
    case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
    case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
    case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
    case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
    case 0x08: bytes.append(contentsOf: [92, UInt8(ascii: "b")])
    case 0x0C: bytes.append(contentsOf: [92, UInt8(ascii: "f")])
    default:
      let high = byte >> 4
      let low = byte & 0xF
      bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, 48 + high, low < 10 ? 48 + low : 87 + low])
    }
  }

  /// Writes `value` in decimal, digit by digit (no intermediate `String`).
  mutating func integer(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    digits(value.magnitude)
  }

  mutating func bool(_ value: Bool) {
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// A date as `WireJSON.formatDate` writes it: UTC, milliseconds cut (not rounded) to three digits.
  mutating func date(_ date: Date) {
    let interval = date.timeIntervalSince1970
    let seconds = interval.rounded(.down)
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    bytes.append(UInt8(ascii: "\""))
    digits(UInt64(clamping: parts.tm_year + 1900), width: 4, then: "-")
    digits(UInt64(clamping: parts.tm_mon + 1), width: 2, then: "-")
    digits(UInt64(clamping: parts.tm_mday), width: 2, then: "T")
    digits(UInt64(clamping: parts.tm_hour), width: 2, then: ":")
    digits(UInt64(clamping: parts.tm_min), width: 2, then: ":")
    digits(UInt64(clamping: parts.tm_sec), width: 2, then: ".")
    digits(UInt64((interval - seconds) * 1000), width: 3, then: "Z")
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes `value` in decimal, zero-padded to `width` digits, then `separator`.
  private mutating func digits(_ value: UInt64, width: Int = 1, then separator: Unicode.Scalar? = nil) {
    var divisor: UInt64 = 1
    for _ in 1..<width { divisor *= 10 }
    while value / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(48 + (value / divisor) % 10))
      divisor /= 10
    }
    if let separator { bytes.append(UInt8(ascii: separator)) }
  }
}
