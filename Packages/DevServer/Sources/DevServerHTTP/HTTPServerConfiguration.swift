/// Limits and address of an ``HTTPServer``.
///
/// ```swift
/// var configuration = HTTPServerConfiguration()
/// configuration.port = 0  // any free port; read it back from `HTTPServer.start()`
/// ```
public struct HTTPServerConfiguration: Sendable {
  /// The IPv4 address to bind; loopback by default so the dev server is not reachable from outside.
  public var host: String = "127.0.0.1"
  /// The TCP port; 0 lets the system pick a free one.
  public var port: UInt16 = 8080
  /// The largest request line plus headers accepted; larger gets 431 and the connection closes.
  public var maxHeaderBytes: Int = 16 * 1024
  /// The largest `Content-Length` accepted; larger gets 413 without reading the body.
  public var maxBodyBytes: Int = 64 * 1024
  /// How many connections are served at once; more get 503 and are closed.
  public var maxConnections: Int = 64
  /// How long a client may take to send one whole request once it has started it.
  public var readTimeout: Duration = .seconds(10)
  /// How long an idle keep-alive connection stays open waiting for the next request.
  public var idleTimeout: Duration = .seconds(5)

  /// Creates the default configuration (127.0.0.1:8080).
  public init() {}
}
