/// Decodes a string-backed enum, failing with "expected one of 'a', 'b'" instead of Swift's
/// generic "cannot initialize" text, so the field-path message tells the user what is allowed.
package func decodeWireEnum<E: RawRepresentable & CaseIterable>(from decoder: any Decoder) throws -> E
where E.RawValue == String {
  let container = try decoder.singleValueContainer()
  let raw = try container.decode(String.self)
  if let value = E(rawValue: raw) { return value }
  let allowed = E.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
  throw DecodingError.dataCorruptedError(
    in: container, debugDescription: "expected one of \(allowed), got '\(raw)'")
}
