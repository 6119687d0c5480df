import CommonDataModels
import Foundation

/// The head of an HTTP/1.x request, parsed and validated.
struct HTTPRequestHead: Equatable {
  var method: String
  var path: String
  var query: [String: String]
  var headers: [String: String]
  var version: String
  var contentLength: Int

  /// Whether the connection stays open after the response (HTTP/1.1 default; 1.0 opts in).
  var keepAlive: Bool {
    let connection = headers["connection"]?.lowercased() ?? ""
    if version == "HTTP/1.0" { return connection.contains("keep-alive") }
    return !connection.contains("close")
  }
}

/// Why a request was refused before reaching the handler: status, error code and message.
struct HTTPParseError: Error, Equatable {
  var status: Int
  var code: String
  var message: String

  static func badRequest(_ message: String) -> HTTPParseError {
    HTTPParseError(status: 400, code: "bad_request", message: message)
  }
}

enum HTTPRequestParser {
  /// The index just past `\r\n\r\n`, or `nil` when the head is not complete yet.
  ///
  /// Starts at `start`: a caller that remembers how far it already searched (less the 3 bytes a
  /// terminator could straddle) scans every byte once, however slowly the head arrives.
  static func headEnd(in buffer: [UInt8], from start: Int = 0) -> Int? {
    guard buffer.count >= 4 else { return nil }
    return buffer.withUnsafeBufferPointer { bytes -> Int? in
      var index = max(0, start)
      let last = bytes.count - 4
      while index <= last {
        if bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
          return index + 4
        }
        index += 1
      }
      return nil
    }
  }

  /// Parses the bytes of a request head (without the final empty line).
  ///
  /// Works on the bytes in one pass, making strings only of the pieces it keeps, since this runs
  /// for every request.
  static func parseHead(
    _ bytes: ArraySlice<UInt8>, maxBodyBytes: Int
  ) throws(HTTPParseError) -> HTTPRequestHead {
    guard isValidUTF8(bytes) else { throw .badRequest("The request head is not valid UTF-8.") }
    return try bytes.withUnsafeBufferPointer { head throws(HTTPParseError) in
      try parseHead(head, maxBodyBytes: maxBodyBytes)
    }
  }

  private static func parseHead(
    _ head: UnsafeBufferPointer<UInt8>, maxBodyBytes: Int
  ) throws(HTTPParseError) -> HTTPRequestHead {
    var lines = lineRanges(head)
    while let last = lines.last, last.isEmpty { lines.removeLast() }
    guard let requestLine = lines.first else { throw .badRequest("The request line is missing.") }
    let parts = split(head, requestLine, on: UInt8(ascii: " "))
    guard parts.count == 3 else {
      throw .badRequest("The request line must be 'METHOD /path HTTP/1.1'.")
    }
    guard !parts[0].isEmpty, parts[0].allSatisfy({ head[$0] >= 65 && head[$0] <= 90 }) else {
      throw .badRequest("The method must be uppercase letters, like GET or POST.")
    }
    let method = string(head, parts[0])
    let version = string(head, parts[2])
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      throw HTTPParseError(status: 505, code: "http_version_not_supported", message: "Use HTTP/1.1.")
    }
    guard let first = parts[1].first, head[first] == UInt8(ascii: "/") else {
      throw .badRequest("The request target must start with '/'.")
    }
    let (path, query) = try parseTarget(UnsafeBufferPointer(rebasing: head[parts[1]]))

    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.first(where: { head[$0] == UInt8(ascii: ":") }) else {
        throw .badRequest("A header line has no ':' (\(string(head, line).prefix(40))).")
      }
      let name = line.lowerBound..<colon
      guard !name.isEmpty, name.allSatisfy({ isTokenCharacter(head[$0]) }) else {
        throw .badRequest(
          "A header name is empty or has invalid characters (\(string(head, name).prefix(40))).")
      }
      let key = lowercasedString(head, name)
      var value = (colon + 1)..<line.upperBound
      while let start = value.first, head[start] == 32 || head[start] == 9 {
        value = (start + 1)..<value.upperBound
      }
      while let end = value.last, head[end] == 32 || head[end] == 9 { value = value.lowerBound..<end }
      let text = string(head, value)
      if let existing = headers[key] {
        if key == "content-length" {
          guard existing == text else { throw .badRequest("Conflicting Content-Length headers.") }
        } else {
          headers[key] = existing + ", " + text
        }
      } else {
        headers[key] = text
      }
    }
    if headers["transfer-encoding"] != nil {
      throw HTTPParseError(
        status: 501, code: "not_implemented",
        message: "Chunked or encoded bodies are not supported; send Content-Length.")
    }
    var contentLength = 0
    if let value = headers["content-length"] {
      guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
        let length = Int(value)
      else { throw .badRequest("Content-Length must be a non-negative integer, got '\(value.prefix(40))'.") }
      guard length <= maxBodyBytes else {
        throw HTTPParseError(
          status: 413, code: APIErrorCode.payloadTooLarge.rawValue,
          message: "The body is \(length) bytes; the limit is \(maxBodyBytes) bytes.")
      }
      contentLength = length
    }
    return HTTPRequestHead(
      method: method, path: path, query: query, headers: headers, version: version,
      contentLength: contentLength)
  }

  /// Splits a request target into its percent-decoded path and query parameters (`+` is a space
  /// in the query).
  private static func parseTarget(
    _ target: UnsafeBufferPointer<UInt8>
  ) throws(HTTPParseError) -> (String, [String: String]) {
    let all = 0..<target.count
    let mark = all.first { target[$0] == UInt8(ascii: "?") }
    guard let path = percentDecoded(target, all.lowerBound..<(mark ?? all.upperBound), plusIsSpace: false)
    else {
      throw .badRequest("The path has invalid percent-encoding.")
    }
    var query: [String: String] = [:]
    if let mark {
      for pair in split(target, (mark + 1)..<all.upperBound, on: UInt8(ascii: "&")) where !pair.isEmpty {
        let equals = pair.first { target[$0] == UInt8(ascii: "=") }
        let keyRange = pair.lowerBound..<(equals ?? pair.upperBound)
        let valueRange = equals.map { ($0 + 1)..<pair.upperBound } ?? pair.upperBound..<pair.upperBound
        guard let key = percentDecoded(target, keyRange, plusIsSpace: true),
          let value = percentDecoded(target, valueRange, plusIsSpace: true)
        else {
          throw .badRequest("The query string has invalid percent-encoding.")
        }
        query[key] = value
      }
    }
    return (path, query)
  }

  /// The text of `range` with `%XX` escapes decoded, or `nil` when an escape is malformed or the
  /// decoded bytes are not UTF-8.
  private static func percentDecoded(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusIsSpace: Bool
  ) -> String? {
    let needsWork = range.contains {
      bytes[$0] == UInt8(ascii: "%") || (plusIsSpace && bytes[$0] == UInt8(ascii: "+"))
    }
    guard needsWork else { return string(bytes, range) }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < range.upperBound, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { return nil }
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? 32 : byte)
        index += 1
      }
    }
    return String(validating: decoded, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: byte - 48
    case 65...70: byte - 55
    case 97...102: byte - 87
    default: nil
    }
  }

  /// The ranges of the lines of `bytes`, split at CRLF only (a bare LF stays inside its line).
  private static func lineRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 13 && bytes[index + 1] == 10 {
        lines.append(start..<index)
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    lines.append(start..<bytes.count)
    return lines
  }

  /// The pieces of `range` between `separator` bytes, empty pieces included.
  private static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, on separator: UInt8
  ) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    var start = range.lowerBound
    for index in range where bytes[index] == separator {
      pieces.append(start..<index)
      start = index + 1
    }
    pieces.append(start..<range.upperBound)
    return pieces
  }

  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// A header name (token characters only, so ASCII) in lowercase.
  private static func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(unsafeUninitializedCapacity: range.count) { buffer in
      for (offset, index) in range.enumerated() {
        let byte = bytes[index]
        buffer[offset] = byte >= 65 && byte <= 90 ? byte + 32 : byte
      }
      return range.count
    }
  }

  /// Whether `bytes` are UTF-8; ASCII, the usual case, is checked without building a string.
  private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    if bytes.allSatisfy({ $0 < 0x80 }) { return true }
    return String(validating: bytes, as: UTF8.self) != nil
  }

  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case 48...57, 65...90, 97...122: true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }
}
