import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DependencyValues {
  /// The URL session a client sends its requests with: `URLSession.shared` live.
  ///
  /// In tests every request through it fails and reports that the test did not provide a session,
  /// so no test reaches the network by accident: set one in the test
  /// (`$0.urlSession = URLSession(configuration: …)`) whose protocol classes answer instead.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

enum URLSessionKey: DependencyKey {
  static var liveValue: URLSession { .shared }
  static var testValue: URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [UnimplementedURLProtocol.self]
    return URLSession(configuration: configuration)
  }
}

/// Answers every request of the test `\.urlSession` with an error, after reporting it.
final class UnimplementedURLProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let url = request.url?.absoluteString ?? "(no URL)"
    reportIssue(
      """
      Unimplemented: @Dependency(\\.urlSession) …

        Invoked with:
          \(url)

      To fix, override "urlSession" in the test with a session whose protocol classes answer the \
      request: "$0.urlSession = URLSession(configuration: configuration)".
      """)
    client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
  }

  override func stopLoading() {}
}
