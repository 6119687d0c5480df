import CommonDataModels
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests over HTTP to a server at a base URL, with URLSession (FoundationNetworking on
/// Linux).
///
/// A server that cannot be reached (refused, unknown host, no network, dropped connection)
/// becomes `APIError.unreachable` naming the URL; any answer, whatever its status, is returned.
///
/// ```swift
/// let transport = URLSessionTransport(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// ```
public struct URLSessionTransport: Transport {
  /// The server's address; request paths are appended to it.
  public let baseURL: URL
  private let session: URLSession

  /// Creates a transport to `baseURL` (e.g. `http://127.0.0.1:8080`, a path prefix is kept).
  public init(baseURL: URL, session: URLSession = .shared) {
    self.baseURL = baseURL
    self.session = session
  }

  /// The full URL of `request`: the base URL, the path, and the query sorted by name.
  public func url(for request: WireRequest) -> URL? {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    guard var components = URLComponents(string: base + request.path) else { return nil }
    if !request.query.isEmpty {
      components.queryItems = request.query.sorted { $0.key < $1.key }.map {
        URLQueryItem(name: $0.key, value: $0.value)
      }
    }
    return components.url
  }

  public func send(_ request: WireRequest) async throws -> WireResponse {
    guard let url = url(for: request) else {
      throw APIError.unreachable(Self.serverName(baseURL))
    }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    if !request.body.isEmpty { urlRequest.httpBody = request.body }
    #if canImport(FoundationNetworking)
    return try await sendWithoutCancelling(urlRequest, url: url)
    #else
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: urlRequest)
    } catch {
      throw Self.apiError(for: error, url: url)
    }
    return try Self.wireResponse(data: data, response: response, url: url)
    #endif
  }

  #if canImport(FoundationNetworking)
  /// Sends `urlRequest`; a cancelled caller stops waiting at once, and the request runs out on
  /// its own (its answer is dropped).
  ///
  /// FoundationNetworking's `URLSessionTask.cancel()` crashes the process ("Trying to access a
  /// behaviour for a task that in not in the registry") when it races the task's completion,
  /// which a long poll that is left just as its answer arrives does; so on that Foundation a task
  /// is never cancelled.
  private func sendWithoutCancelling(_ urlRequest: URLRequest, url: URL) async throws -> WireResponse {
    let finish = FirstFinisher<WireResponse>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: urlRequest) { data, response, error in
          finish.resume(
            with: Result {
              if let error { throw Self.apiError(for: error, url: url) }
              return try Self.wireResponse(data: data ?? Data(), response: response, url: url)
            })
        }
        finish.start(continuation) {}
        if !Task.isCancelled { task.resume() }
      }
    } onCancel: {
      finish.resume(with: .failure(APIError.cancelled))
    }
  }
  #endif

  private static func wireResponse(data: Data, response: URLResponse?, url: URL) throws -> WireResponse {
    guard let http = response as? HTTPURLResponse else {
      throw APIError.unreachable(Self.serverName(url))
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    return WireResponse(status: http.statusCode, headers: headers, body: data)
  }

  /// Maps URLSession's failures to what a user can act on.
  static func apiError(for error: any Error, url: URL) -> APIError {
    if error is CancellationError || Task.isCancelled { return .cancelled }
    guard let urlError = error as? URLError else {
      return .unreachable(serverName(url))
    }
    switch urlError.code {
    case .cancelled: return .cancelled
    case .timedOut: return .timeout
    default: return .unreachable(serverName(url))
    }
  }

  /// The server a person configured (`http://127.0.0.1:8080`), without the request's path or
  /// query: a message names the server, not the call the app happened to make.
  static func serverName(_ url: URL) -> String {
    guard let scheme = url.scheme, let host = url.host else { return url.absoluteString }
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return url.port.map { "\(scheme)://\(shownHost):\($0)" } ?? "\(scheme)://\(shownHost)"
  }
}
