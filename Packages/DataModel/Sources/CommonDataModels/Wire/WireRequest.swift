import Foundation

/// One API request as the backend's handler sees it, independent of any transport.
///
/// NetworkProvider builds it from an endpoint; the HTTP server builds it from the bytes it read;
/// the embedded backend receives it directly.
///
/// ```swift
/// let request = WireRequest(method: "POST", path: "/v1/auth/sign-in", body: body)
/// ```
public struct WireRequest: Sendable, Equatable {
  /// The HTTP method, uppercase: `"GET"`, `"POST"`, `"PUT"`, `"PATCH"`, `"DELETE"`.
  public var method: String
  /// The path without the query string, e.g. `"/v1/auth/sign-in"`.
  public var path: String
  /// The decoded query parameters.
  public var query: [String: String]
  /// The headers, names lowercased (`"authorization"`, `"content-type"`).
  public var headers: [String: String]
  /// The body bytes; empty when there is none.
  public var body: Data

  /// Creates a request.
  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: Data = Data()
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }
}
