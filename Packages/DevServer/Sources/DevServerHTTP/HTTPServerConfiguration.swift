import CommonDataModels

/// Limits and address of an ``HTTPServer``.
///
/// ```swift
/// var configuration = HTTPServerConfiguration()
/// configuration.port = 0  // any free port; read it back from `HTTPServer.start()`
/// ```
public struct HTTPServerConfiguration: Sendable {
  /// The address to bind: IPv4 (`127.0.0.1`), IPv6 (`::1`) or `localhost` (the IPv4 loopback);
  /// loopback by default so the dev server is not reachable from outside.
  public var host: String = "127.0.0.1"
  /// The TCP port; 0 lets the system pick a free one.
  public var port: UInt16 = 8080
  /// The largest request line plus headers accepted; larger gets 431 and the connection closes.
  public var maxHeaderBytes: Int = 16 * 1024
  /// The largest `Content-Length` accepted; larger gets 413 without reading the body.
  public var maxBodyBytes: Int = 64 * 1024
  /// How many connections may be open at once: by default as many as the process's hard limit
  /// on open files allows, less a reserve for the database and the server's own descriptors.
  /// When full, the connection idle the longest is closed to make room; only when none is idle
  /// does a new one get 503.
  public var maxConnections: Int = connectionCeiling(descriptorLimit: Socket.hardDescriptorLimit())
  /// Connections admitted beyond ``maxConnections`` when none is idle, for ``reservedPaths``
  /// only (any other request on them gets 503), so health checks and sign-ins still answer on a
  /// full server.
  public var reserveConnections: Int = 32
  /// The paths a reserve connection may ask for.
  public var reservedPaths: Set<String> = [APIPaths.health, APIPaths.signIn]
  /// How many connections one client address may have open; more get 503. The
  /// ``trustedProxy`` has no such limit.
  public var maxConnectionsPerAddress: Int = 1_024
  /// The address of a reverse proxy in front of the server, whose `X-Forwarded-For` names the
  /// client (its last entry, the one the proxy added); from any other address the header is
  /// ignored, so a client cannot choose the address its limits are counted under.
  public var trustedProxy: String?
  /// How many worker threads wait for requests; each answers one request at a time.
  public var workerThreads: Int = 32
  /// How many worker threads may run while requests hold them (long polls, password hashes,
  /// another process's database lock): when every worker is answering, one more is started, up to
  /// this many, so held requests never keep a fresh one waiting; the extra ones end once idle.
  public var maxWorkerThreads: Int = 512
  /// How many idle workers wait in the poller; more idle than this park until every waiting one
  /// is answering. Fewer waiters let a worker finishing a request find the next one ready, where
  /// each idle waiter is a thread the kernel may wake for it instead.
  public var maxIdleWorkers: Int = 8
  /// How long a client may take to send a request's line and headers once it has started.
  public var headerTimeout: Duration = .seconds(5)
  /// How long a client may take to send one whole request (head and body) once it has started it.
  public var readTimeout: Duration = .seconds(10)
  /// How long an idle keep-alive connection stays open waiting for the next request.
  public var idleTimeout: Duration = .seconds(5)

  /// Creates the default configuration (127.0.0.1:8080).
  public init() {}

  /// The descriptors kept back from connections: the database's (a writer, 16 readers and their
  /// logs), the listener, the poller, pipes and log files.
  static let reservedDescriptors = 128

  /// How many connections a limit of `descriptorLimit` open files leaves room for.
  static func connectionCeiling(descriptorLimit: Int) -> Int {
    max(64, descriptorLimit - reservedDescriptors)
  }
}
