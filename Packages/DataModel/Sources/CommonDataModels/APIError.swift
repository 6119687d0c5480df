import Foundation

/// The one error type from the network to the screen: what went wrong, in terms a user can act on.
///
/// NetworkProvider maps every transport, status and decoding failure to one case; clients rethrow
/// it unchanged; features show ``message``.
///
/// ```swift
/// do { session = try await authClient.signIn(username, password) }
/// catch { alert = APIError(error).message }
/// ```
public enum APIError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
  /// The server could not be reached; the payload says where (a URL) or why.
  case unreachable(String)
  /// The server did not answer in time.
  case timeout
  /// The session is missing, expired or revoked, or the credentials were wrong (401); the
  /// payload is the server's message.
  case unauthorized(String)
  /// The server refused the request (4xx other than 401) with its own code and message.
  case rejected(code: String, message: String)
  /// The server failed (5xx) or answered with a status no client expects.
  case server(status: Int, message: String)
  /// The server's answer could not be read; the payload names the field path.
  case decoding(String)
  /// The caller cancelled the request.
  case cancelled

  /// Wraps any error: an `APIError` stays as it is, cancellation becomes ``cancelled``, a
  /// ``WireDecodingError`` becomes ``decoding(_:)``, anything else a ``server(status:message:)``
  /// with status 0 that still says what happened.
  public init(_ error: any Error) {
    switch error {
    case let error as APIError: self = error
    case is CancellationError: self = .cancelled
    case let error as WireDecodingError: self = .decoding(error.message)
    default: self = .server(status: 0, message: String(describing: error))
    }
  }

  /// One clear sentence for the user.
  public var message: String {
    switch self {
    case .unreachable(let detail):
      "The server at \(detail) cannot be reached. Check that it is running and try again."
    case .timeout:
      "The server took too long to answer. Try again in a moment."
    case .unauthorized(let serverMessage):
      serverMessage.isEmpty || isAboutTheProtocol(serverMessage)
        ? "Your session has ended. Sign in again." : sentence(serverMessage)
    case .rejected(_, let serverMessage):
      serverMessage.isEmpty ? "The server refused the request." : sentence(serverMessage)
    case .server(let status, let serverMessage):
      status == 0
        ? "Something went wrong: \(sentence(serverMessage))"
        : "The server failed (status \(status)): \(sentence(serverMessage)) Try again later."
    case .decoding(let detail):
      "The server's answer could not be read (\(detail)). The app and the server may not match."
    case .cancelled:
      "The request was cancelled."
    }
  }

  /// Whether trying the same request again later may succeed (network trouble, timeouts, 5xx).
  public var isTransient: Bool {
    switch self {
    case .unreachable, .timeout: true
    case .server(let status, _): status >= 500
    case .unauthorized, .rejected, .decoding, .cancelled: false
    }
  }

  public var errorDescription: String? { message }
  public var description: String { message }
}

/// Whether a server's message tells a programmer how to call the API (headers, tokens) rather
/// than telling a person what happened; such a message is replaced by one a person can act on.
private func isAboutTheProtocol(_ text: String) -> Bool {
  let lowered = text.lowercased()
  return ["authorization:", "bearer", "header"].contains { lowered.contains($0) }
}

/// Ends `text` with a full stop unless it already ends a sentence.
private func sentence(_ text: String) -> String {
  guard let last = text.last else { return text }
  return ".!?".contains(last) ? text : text + "."
}
