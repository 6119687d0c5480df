import Foundation

/// Finds a key that appears twice in one object of a JSON text, which `JSONDecoder` accepts.
enum DuplicateJSONKeys {
  /// The first key repeated within one object of `json`, as written (escapes not decoded), or
  /// `nil`. Expects text `JSONDecoder` has already read.
  static func first(in json: Data) -> String? {
    let bytes = [UInt8](json)
    // One entry per open object (its keys) or array (`nil`).
    var open: [Set<ArraySlice<UInt8>>?] = []
    var expectsKey = false
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"):
        open.append([])
        expectsKey = true
      case UInt8(ascii: "["):
        open.append(nil)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = open.popLast()
      case UInt8(ascii: ","):
        expectsKey = open.last.map { $0 != nil } ?? false
      case UInt8(ascii: "\""):
        var end = index + 1
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        let text = bytes[(index + 1)..<min(end, bytes.count)]
        if expectsKey, !open.isEmpty, open[open.count - 1]?.insert(text).inserted == false {
          return String(decoding: text, as: UTF8.self)
        }
        expectsKey = false
        index = end
      default:
        break
      }
      index += 1
    }
    return nil
  }
}
