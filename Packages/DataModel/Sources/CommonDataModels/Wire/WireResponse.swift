import Foundation

/// One API response as the backend's handler produces it, independent of any transport.
public struct WireResponse: Sendable, Equatable {
  /// The HTTP status code.
  public var status: Int
  /// The headers, names lowercased.
  public var headers: [String: String]
  /// The body bytes; empty when there is none (e.g. 204).
  public var body: Data

  /// Creates a response.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// The function that answers API requests: the embedded backend, or a test double.
///
/// ```swift
/// let handler: WireHandler = { _ in WireResponse(status: 204) }
/// ```
public typealias WireHandler = @Sendable (WireRequest) async -> WireResponse
