import CommonDataModels

/// Hands each request to a handler in this process: the embedded dev backend, or a test double.
///
/// ```swift
/// let backend = try DevBackend(dataDirectory: dataFolder)
/// let api = APIClient(transport: InProcessTransport(handler: backend.handler), sessionStore: store)
/// ```
public struct InProcessTransport: Transport {
  private let handler: WireHandler

  /// Creates a transport that calls `handler` for every request.
  public init(handler: @escaping WireHandler) {
    self.handler = handler
  }

  public func send(_ request: WireRequest) async throws -> WireResponse {
    guard !Task.isCancelled else { throw APIError.cancelled }
    return await handler(request)
  }
}
