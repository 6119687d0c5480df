import CommonDataModels
import Foundation

extension WireResponse {
  /// The headers of every JSON answer, built once: each response shares this dictionary's storage
  /// instead of allocating and hashing its own.
  static let jsonHeaders = [APIHeaders.contentType: APIHeaders.json]

  /// A JSON response for `value`.
  static func json<T: Encodable>(_ value: T, status: Int = 200) throws -> WireResponse {
    WireResponse(status: status, headers: jsonHeaders, body: try WireJSON.encode(value))
  }

  /// A JSON response for a model that writes its own JSON (the responses clients poll).
  static func json<T: HandEncodedJSON>(_ value: T, status: Int = 200) throws -> WireResponse {
    WireResponse(status: status, headers: jsonHeaders, body: try T.handEncoding.encode(value))
  }

  /// The JSON error response for `error`.
  static func error(_ error: ServerError) -> WireResponse {
    let body = APIErrorBody(code: error.code.rawValue, message: error.message)
    // Encoding two strings cannot fail; the fallback keeps the promise of a JSON body regardless.
    let data =
      (try? WireJSON.encode(body)) ?? Data(#"{"code":"internal_error","message":"encoding failed"}"#.utf8)
    return WireResponse(
      status: error.code.status, headers: error.headers.merging(jsonHeaders) { $1 }, body: data)
  }
}

extension RouteRequest {
  /// Decodes the JSON body, answering 400 `malformed_json` with the failing field's path.
  func decodeBody<T: Decodable>(_ type: T.Type) throws -> T {
    if wire.body.isEmpty {
      throw ServerError(.malformedJSON, "body: expected a JSON object, got an empty body")
    }
    do {
      let value = try WireJSON.decode(type, from: wire.body)
      // JSONDecoder keeps one of two values for a key silently; which one, the client cannot know.
      if let key = DuplicateJSONKeys.first(in: wire.body) {
        throw ServerError(
          .malformedJSON, "body: the key '\(key.prefix(40))' appears twice in one object; send each once")
      }
      return value
    } catch let error as WireDecodingError {
      throw ServerError(.malformedJSON, error.message)
    }
  }

  /// The `{artistId}` path parameter as an id, or 400 `invalid_parameter`.
  func artistID() throws -> AccountID {
    AccountID(
      try Self.integer(parameters["artistId"] ?? "", "path 'artistId'", "a positive integer id", 1...))
  }

  /// The `{messageId}` path parameter as an id, or 400 `invalid_parameter`.
  func messageID() throws -> MessageID {
    MessageID(
      try Self.integer(parameters["messageId"] ?? "", "path 'messageId'", "a positive integer id", 1...))
  }

  /// The query value `name` as an integer in `range`, `nil` when absent, or 400 `invalid_parameter`.
  func integerQuery(_ name: String, range: ClosedRange<Int64>) throws -> Int64? {
    try wire.query[name].map {
      try Self.integer(
        $0, "query '\(name)'", "an integer from \(range.lowerBound) to \(range.upperBound)", range)
    }
  }

  /// `text` as a decimal integer in `range`, or 400 naming its `source` and what was `expected`.
  private static func integer(
    _ text: String, _ source: String, _ expected: @autoclosure () -> String,
    _ range: some RangeExpression<Int64>
  ) throws -> Int64 {
    guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int64(text), range.contains(value)
    else {
      throw ServerError(.invalidParameter, "\(source): expected \(expected()), got '\(text.prefix(40))'")
    }
    return value
  }
}
