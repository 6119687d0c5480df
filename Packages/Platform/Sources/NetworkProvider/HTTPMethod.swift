/// An HTTP method of the API.
public enum HTTPMethod: String, Sendable, Equatable, CaseIterable {
  /// Reads; safe and idempotent.
  case get = "GET"
  /// Creates or acts; not idempotent.
  case post = "POST"
  /// Replaces; idempotent.
  case put = "PUT"
  /// Changes part of a resource; not idempotent.
  case patch = "PATCH"
  /// Removes; idempotent.
  case delete = "DELETE"

  /// Whether sending the request twice has the same effect as sending it once (RFC 9110).
  public var isIdempotent: Bool {
    switch self {
    case .get, .put, .delete: true
    case .post, .patch: false
    }
  }
}
