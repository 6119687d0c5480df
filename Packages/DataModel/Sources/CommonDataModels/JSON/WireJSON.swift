import Foundation

/// The one JSON format both sides of the API use: ISO-8601 dates (UTC, fractional seconds
/// optional when reading), sorted keys when writing, strict decoding with field-path errors.
///
/// ```swift
/// let session = try WireJSON.decode(Session.self, from: response.body)
/// let body = try WireJSON.encode(SignInRequest(username: "iu", password: "…"))
/// ```
public enum WireJSON {
  /// Decodes `type` from `data`, throwing a ``WireDecodingError`` that names the failing field.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(WireDecodingError) -> T {
    do {
      return try makeDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw WireDecodingError(error)
    } catch {
      throw WireDecodingError(fieldPath: "", problem: "the body could not be read: \(error)")
    }
  }

  /// Encodes `value` as JSON with ISO-8601 dates and sorted keys.
  public static func encode<T: Encodable>(_ value: T) throws -> Data {
    try makeEncoder().encode(value)
  }

  /// A decoder configured for the wire format; prefer ``decode(_:from:)``, which also explains errors.
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      guard let text = try? container.decode(String.self), let date = parseDate(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "expected an ISO-8601 date such as '2026-01-31T09:30:00Z'")
      }
      return date
    }
    return decoder
  }

  /// An encoder configured for the wire format.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(formatDate(date))
    }
    return encoder
  }

  /// Formats a date the way the API sends it: `2026-01-31T09:30:00.123Z`.
  public static func formatDate(_ date: Date) -> String {
    date.formatted(fractionalFormat)
  }

  /// Parses an ISO-8601 date with or without fractional seconds; `nil` when it is not one.
  public static func parseDate(_ text: String) -> Date? {
    if let date = try? fractionalFormat.parse(text) { return date }
    return try? wholeSecondsFormat.parse(text)
  }

  private static let fractionalFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  private static let wholeSecondsFormat = Date.ISO8601FormatStyle()
}
