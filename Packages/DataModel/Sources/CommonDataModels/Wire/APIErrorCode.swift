/// The error codes the API returns in ``APIErrorBody/code``, with their HTTP status.
public enum APIErrorCode: String, Sendable, CaseIterable {
  /// 400: the body is not JSON, or a field is missing or has the wrong type.
  case malformedJSON = "malformed_json"
  /// 400: a query parameter or path parameter is not valid.
  case invalidParameter = "invalid_parameter"
  /// 400: the username breaks `AccountRules` (charset or length).
  case invalidUsername = "invalid_username"
  /// 400: the password breaks `AccountRules` (length).
  case invalidPassword = "invalid_password"
  /// 400: a display name or status message breaks `AccountRules`.
  case invalidProfile = "invalid_profile"
  /// 400: the message text breaks `MessageRules` (blank or too long).
  case invalidMessage = "invalid_message"
  /// 401: no session token, or it is unknown, expired or revoked.
  case unauthorized = "unauthorized"
  /// 401: sign-in with a wrong username or password.
  case invalidCredentials = "invalid_credentials"
  /// 403: signed in, but not allowed to do this (wrong role, not subscribed, another artist's room).
  case forbidden = "forbidden"
  /// 404: no such route or no such artist.
  case notFound = "not_found"
  /// 405: the route exists but not with this method.
  case methodNotAllowed = "method_not_allowed"
  /// 409: the username is already taken.
  case usernameTaken = "username_taken"
  /// 413: the request body is larger than the server accepts.
  case payloadTooLarge = "payload_too_large"
  /// 429: too many attempts (failed sign-ins, account checks); `retry-after` says when to try again.
  case tooManyRequests = "too_many_requests"
  /// 500: the server failed; the message says what to try.
  case internalError = "internal_error"
  /// 503: the server is busy (its database is locked by another process, or it is at its
  /// connection limit); try again shortly.
  case serviceUnavailable = "service_unavailable"
  /// 507: the server's disk is full, so nothing was stored; try again once space is freed.
  case insufficientStorage = "insufficient_storage"

  /// The HTTP status that goes with this code.
  public var status: Int {
    switch self {
    case .malformedJSON, .invalidParameter, .invalidUsername, .invalidPassword, .invalidProfile,
      .invalidMessage:
      400
    case .unauthorized, .invalidCredentials: 401
    case .forbidden: 403
    case .notFound: 404
    case .methodNotAllowed: 405
    case .usernameTaken: 409
    case .payloadTooLarge: 413
    case .tooManyRequests: 429
    case .internalError: 500
    case .serviceUnavailable: 503
    case .insufficientStorage: 507
    }
  }
}
