import CommonDataModels

/// Carries one request to the API and brings its response back; nothing more.
///
/// Encoding, headers, status handling, retries, caching and decoding are ``APIClient``'s, so
/// every transport behaves the same. A transport throws ``CommonDataModels/APIError`` for
/// failures to reach the server (`.unreachable`, `.timeout`, `.cancelled`); any status the server
/// answers with is a ``CommonDataModels/WireResponse``, not an error.
public protocol Transport: Sendable {
  /// Sends `request` and returns the server's response, whatever its status.
  func send(_ request: WireRequest) async throws -> WireResponse
}
