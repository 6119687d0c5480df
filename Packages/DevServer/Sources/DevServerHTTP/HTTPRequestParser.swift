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
  static func parseHead(
    _ bytes: ArraySlice<UInt8>, maxBodyBytes: Int
  ) throws(HTTPParseError) -> HTTPRequestHead {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .badRequest("The request head is not valid UTF-8.")
    }
    var lines = text.components(separatedBy: "\r\n")
    while lines.last == "" { lines.removeLast() }
    guard let requestLine = lines.first else { throw .badRequest("The request line is missing.") }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw .badRequest("The request line must be 'METHOD /path HTTP/1.1'.")
    }
    let method = String(parts[0])
    guard !method.isEmpty, method.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
      throw .badRequest("The method must be uppercase letters, like GET or POST.")
    }
    let version = String(parts[2])
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      throw HTTPParseError(status: 505, code: "http_version_not_supported", message: "Use HTTP/1.1.")
    }
    let target = String(parts[1])
    guard target.hasPrefix("/") else { throw .badRequest("The request target must start with '/'.") }
    let (path, query) = try parseTarget(target)

    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else {
        throw .badRequest("A header line has no ':' (\(line.prefix(40))).")
      }
      let name = line[..<colon]
      guard !name.isEmpty, name.utf8.allSatisfy(isTokenCharacter) else {
        throw .badRequest("A header name is empty or has invalid characters (\(name.prefix(40))).")
      }
      let key = name.lowercased()
      let value = Socket.trimOWS(line[line.index(after: colon)...])
      if key == "content-length", let existing = headers[key], existing != value {
        throw .badRequest("Conflicting Content-Length headers.")
      }
      headers[key] = headers[key].map { key == "content-length" ? $0 : "\($0), \(value)" } ?? value
    }
    if headers["transfer-encoding"] != nil {
      throw HTTPParseError(
        status: 501, code: "not_implemented",
        message: "Chunked or encoded bodies are not supported; send Content-Length.")
    }
    var contentLength = 0
    if let value = headers["content-length"] {
      guard !value.isEmpty, value.count <= 18, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
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

  static func parseTarget(_ target: String) throws(HTTPParseError) -> (String, [String: String]) {
    let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = String(pieces[0]).removingPercentEncoding else {
      throw .badRequest("The path has invalid percent-encoding.")
    }
    var query: [String: String] = [:]
    if pieces.count == 2 {
      for pair in pieces[1].split(separator: "&") {
        let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let decode = { (raw: Substring) in
          String(raw).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        guard let key = decode(keyValue[0]), let value = keyValue.count == 2 ? decode(keyValue[1]) : "" else {
          throw .badRequest("The query string has invalid percent-encoding.")
        }
        query[key] = value
      }
    }
    return (path, query)
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
