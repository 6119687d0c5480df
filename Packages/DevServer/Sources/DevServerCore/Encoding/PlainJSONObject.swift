import Foundation

/// Reads the one common shape of a small request body, `{"key":"plain text"}`, without
/// `JSONDecoder`.
///
/// Anything else (escapes, other keys, other types, odd spacing inside strings, invalid UTF-8)
/// gives `nil`, and the caller decodes with `WireJSON` as before, which also words every error:
/// so this only ever accepts bodies `WireJSON` reads the same way.
enum PlainJSONObject {
  /// The value of the only member of `data` when it is `{"<key>":"<text without escapes>"}`
  /// (whitespace allowed between tokens).
  static func onlyString(_ key: StaticString, in data: Data) -> String? {
    data.withUnsafeBytes { raw -> String? in
      let bytes = raw.bindMemory(to: UInt8.self)
      var index = 0
      func skipSpace() {
        while index < bytes.count {
          switch bytes[index] {
          case 0x20, 0x09, 0x0A, 0x0D: index += 1
          default: return
          }
        }
      }
      func expect(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
      }
      /// The range of a string's contents without escapes or control characters.
      func plainString() -> Range<Int>? {
        guard expect(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
          let byte = bytes[index]
          if byte == UInt8(ascii: "\"") {
            index += 1
            return start..<(index - 1)
          }
          guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
          index += 1
        }
        return nil
      }
      guard expect(UInt8(ascii: "{")), let name = plainString(),
        key.withUTF8Buffer({ $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[name])) }),
        expect(UInt8(ascii: ":")), let value = plainString(), expect(UInt8(ascii: "}"))
      else { return nil }
      skipSpace()
      guard index == bytes.count else { return nil }
      return String(validating: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
    }
  }
}
