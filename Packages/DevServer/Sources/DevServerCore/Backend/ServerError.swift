import CommonDataModels

/// An error a handler answers with: an ``APIErrorCode`` (which fixes the status) and a message.
struct ServerError: Error, Equatable {
  var code: APIErrorCode
  var message: String
  var headers: [String: String] = [:]

  init(_ code: APIErrorCode, _ message: String, headers: [String: String] = [:]) {
    self.code = code
    self.message = message
    self.headers = headers
  }

  static let unauthorized = ServerError(
    .unauthorized, "Sign in first: send 'authorization: Bearer <token>' with a valid session token.")
}
