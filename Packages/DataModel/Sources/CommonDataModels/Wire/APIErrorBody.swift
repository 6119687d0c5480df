/// The JSON body of every error response: `{"code": "...", "message": "..."}`.
///
/// `code` is one of ``APIErrorCode``'s raw values, stable for programs; `message` is for people.
public struct APIErrorBody: Codable, Sendable, Equatable {
  /// A stable, machine-readable code such as `"invalid_username"`.
  public var code: String
  /// A sentence a person can act on, e.g. `"field 'password': At least 8 characters."`.
  public var message: String

  /// Creates an error body.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }
}
