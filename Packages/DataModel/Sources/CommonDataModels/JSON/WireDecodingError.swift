import Foundation

/// A decoding failure explained for people: which field, at which path, and what was wrong.
///
/// ```swift
/// do { _ = try WireJSON.decode(MessagePage.self, from: data) }
/// catch { print(error.message) }  // "field 'messages[2].sentAt': expected an ISO-8601 date …"
/// ```
public struct WireDecodingError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
  /// The path of the failing field, e.g. `"messages[2].sentAt"`; empty for the whole body.
  public var fieldPath: String
  /// What was wrong, e.g. `"is missing"` or `"expected a string"`.
  public var problem: String

  /// Creates an error for `fieldPath` with `problem`.
  public init(fieldPath: String, problem: String) {
    self.fieldPath = fieldPath
    self.problem = problem
  }

  /// Explains a Foundation `DecodingError`.
  public init(_ error: DecodingError) {
    self = describeDecodingError(error)
  }

  /// One line: `field 'messages[2].sentAt': expected an ISO-8601 date`, or `body: …` for the root.
  public var message: String {
    fieldPath.isEmpty ? "body: \(problem)" : "field '\(fieldPath)': \(problem)"
  }

  public var description: String { message }
  public var errorDescription: String? { message }
}

/// Turns any `DecodingError` into a ``WireDecodingError`` with a readable path and problem.
public func describeDecodingError(_ error: DecodingError) -> WireDecodingError {
  switch error {
  case .keyNotFound(let key, let context):
    return WireDecodingError(fieldPath: fieldPath(context.codingPath + [key]), problem: "is missing")
  case .valueNotFound(let type, let context):
    return WireDecodingError(
      fieldPath: fieldPath(context.codingPath), problem: "expected \(typeName(type)), found null")
  case .typeMismatch(let type, let context):
    return WireDecodingError(fieldPath: fieldPath(context.codingPath), problem: "expected \(typeName(type))")
  case .dataCorrupted(let context):
    if context.codingPath.isEmpty {
      return WireDecodingError(fieldPath: "", problem: "not valid JSON")
    }
    return WireDecodingError(fieldPath: fieldPath(context.codingPath), problem: context.debugDescription)
  @unknown default:
    return WireDecodingError(fieldPath: "", problem: "could not be decoded (\(error))")
  }
}

/// `[messages, 2, sentAt]` → `messages[2].sentAt`.
func fieldPath(_ path: [any CodingKey]) -> String {
  var result = ""
  for key in path {
    if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
      result += "[\(index)]"
    } else {
      result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
    }
  }
  return result
}

private func typeName(_ type: Any.Type) -> String {
  switch type {
  case is String.Type: "a string"
  case is Bool.Type: "true or false"
  case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type: "an integer"
  case is Double.Type, is Float.Type: "a number"
  case is Date.Type: "an ISO-8601 date"
  default:
    if String(describing: type).hasPrefix("Array") {
      "an array"
    } else if String(describing: type).hasPrefix("Dictionary") {
      "an object"
    } else {
      "a value of type \(type)"
    }
  }
}
