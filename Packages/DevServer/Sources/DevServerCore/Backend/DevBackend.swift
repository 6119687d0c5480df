import CommonDataModels
import CommonKit
import Dispatch
import Foundation
import MessageDataModels
import SQLiteStore

/// The dev backend: the whole fromm-like API over a SQLite file in a data folder.
///
/// The apps run it in-process (their embedded default) through NetworkProvider's in-process
/// transport; `fromm-server` serves the same handler over HTTP. Two processes may open the same
/// folder at once.
///
/// ```swift
/// let backend = try DevBackend(dataDirectory: URL(fileURLWithPath: ".fromm-data"))
/// let response = await backend.handler(WireRequest(method: "GET", path: "/v1/health"))
/// ```
public final class DevBackend: Sendable {
  /// The database file's name inside the data folder.
  public static let databaseFileName = "fromm.sqlite"
  /// The largest request body accepted (64 KiB); larger bodies get 413.
  public static let maxBodyBytes = BackendCore.maxBodyBytes
  /// Read connections beside the writer: requests answered on many threads at once wait less
  /// for one (measured with devserver-bench against 4); each costs a descriptor and its page cache.
  static let readConnections = 16

  let core: BackendCore
  private let queue = DispatchQueue(label: "fromm.dev-backend", qos: .userInitiated, attributes: .concurrent)

  /// The file a data folder holds once its database was first set up: demo data is seeded only
  /// into a folder without it, so a database deleted later is reported rather than re-seeded.
  public static let initializedMarkerName = "fromm.initialized"

  /// Opens the database in `dataDirectory`, creating it and seeding the demo data the first
  /// time the folder is used; its integrity is checked (`PRAGMA quick_check`) on every open.
  ///
  /// - Parameter demo: seed the demo data into an empty database even when the folder was set
  ///   up before (its database was deleted or emptied); without it, that case throws.
  /// - Throws: ``DevBackendError`` with a message naming the folder and the reason when the
  ///   folder cannot be created or written, the database cannot be opened or migrated, it is
  ///   damaged, or it was deleted after the folder was set up.
  public convenience init(dataDirectory: URL, demo: Bool = false, durability: Durability = .normal) throws {
    try self.init(dataDirectory: dataDirectory, hasher: .standard, demo: demo, durability: durability)
  }

  /// How far a post goes before its 201: `.normal` (the default) survives a crash of the
  /// process, `.full` also a power loss, for a lower post rate (the package README has both).
  public typealias Durability = SQLiteDatabase.Durability

  init(
    dataDirectory: URL, hasher: PasswordHasher, sessionLifetime: TimeInterval = 30 * 86_400,
    seedDemoData: Bool = true, demo: Bool = false, durability: Durability = .normal,
    now: @escaping @Sendable () -> Date = { Date() },
    logger: Logger = Logger(label: "fromm-backend"), busyTimeoutMilliseconds: Int32 = 5_000,
    signInLimits: SignInThrottle.Limits = .init(), hashGate: HashGate = HashGate(),
    monotonicSeconds: @escaping @Sendable () -> TimeInterval = SignInThrottle.monotonicSeconds
  ) throws {
    let folder: URL
    do {
      folder = try DataFolder.prepare(dataDirectory)
    } catch {
      throw DevBackendError(message: "\(error.message). Choose a writable folder.")
    }
    let path = folder.appendingPathComponent(Self.databaseFileName).path
    let marker = folder.appendingPathComponent(Self.initializedMarkerName)
    let initializedBefore = FileManager.default.fileExists(atPath: marker.path)
    let store: Store
    do {
      let database = try SQLiteDatabase(
        path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, readers: Self.readConnections,
        durability: durability)
      let check = try database.read { try $0.queryFirst("PRAGMA quick_check")?.string(0) }
      guard check == "ok" else { throw Self.damaged(path, check ?? "no answer") }
      try database.migrate(Schema.migrations)
      store = Store(database: database)
    } catch let error as SQLiteError where error.isDamage {
      throw Self.damaged(path, error.description)
    } catch {
      throw error as? DevBackendError
        ?? DevBackendError(
          message:
            "Cannot open the database in '\(folder.path)': \(error). Check that the folder is writable.")
    }
    core = try BackendCore(
      store: store, hasher: hasher, sessionLifetime: sessionLifetime, now: now, logger: logger,
      throttle: SignInThrottle(limits: signInLimits, clock: monotonicSeconds), hashGate: hashGate)
    do {
      if seedDemoData, try store.database.read({ try $0.queryFirst("SELECT 1 FROM accounts LIMIT 1") }) == nil
      {
        guard !initializedBefore || demo else {
          throw DevBackendError(
            message:
              "The data folder '\(folder.path)' was set up before, but its database holds no accounts: \(Self.databaseFileName) was deleted or emptied. Restore it from a backup; or, to start again with the demo data, remove the folder (or start fromm-server with --demo)."
          )
        }
        try DemoData.seedIfEmpty(store: store, hasher: hasher, now: now())
      }
      if !initializedBefore { try Data().write(to: marker) }
    } catch {
      throw error as? DevBackendError
        ?? DevBackendError(message: "Cannot set up the demo data in '\(folder.path)': \(error)")
    }
  }

  private static func damaged(_ path: String, _ detail: String) -> DevBackendError {
    DevBackendError(
      message:
        "The database '\(path)' is damaged (\(detail.prefix(300))); the server does not start on it. Restore it from a backup, or move it and its -wal and -shm files aside to start afresh."
    )
  }

  /// The request handler, for NetworkProvider's in-process transport.
  ///
  /// The work (SQLite, which may wait up to 5 s for another process's lock; yescrypt, ~25 ms a
  /// sign-in) runs on a dispatch queue, so the app's few cooperative threads never block on it;
  /// a held long poll and a post in its group commit hold no thread (``handle(_:later:)``).
  public var handler: WireHandler {
    return { [core, queue] request in
      await withCheckedContinuation { continuation in
        queue.async {
          let response = core.handle(request) { continuation.resume(returning: $0) }
          if let response { continuation.resume(returning: response) }
        }
      }
    }
  }

  /// Answers one request synchronously, holding the calling thread for a long poll or a post's
  /// group commit (``handler`` and ``handle(_:later:)`` do not).
  public func handle(_ request: WireRequest) -> WireResponse {
    core.handle(request)
  }

  /// Answers one request now, or, given `later`, may return `nil` and pass the answer to `later`
  /// once it is ready.
  ///
  /// A post answers later, once its group commit is done; a long poll (`wait`) that finds no news,
  /// once news arrives or its wait ends: a server's worker serves other connections meanwhile.
  ///
  /// ```swift
  /// let server = HTTPServer(respondNowOrLater: backend.handle(_:later:))
  /// ```
  public func handle(
    _ request: WireRequest, later: (@Sendable (WireResponse) -> Void)?
  ) -> WireResponse? {
    guard let later else { return core.handle(request) }
    return core.handle(request, later: later)
  }

  /// Answers every held long poll now with what it has (usually an empty page), and every long
  /// poll from now on at once: call it when the server stops, so no poll keeps its connection
  /// open through the shutdown's grace period.
  public func endLongPolls() {
    core.heldPolls.endAll()
  }

  /// Every route the backend answers, as (method, path pattern), e.g. `("GET", "/v1/artists/{artistId}")`.
  public static var routes: [(method: String, pattern: String)] {
    BackendCore.routes.map { ($0.method, $0.pattern) }
  }
}

extension DevBackend {
  /// Adds `count` messages of `kind` from `sender` to `artist`'s room in one transaction, as posts
  /// store them but with nothing of a request around them: the benchmark's big rooms, unread
  /// counts, and (one at a time) its anchor for a post (package access: not part of the public API).
  package func insertMessagesForBenchmark(
    artist: AccountID, sender: AccountID, kind: MessageKind, count: Int
  ) throws {
    try core.store.database.write { connection in
      for index in 0..<count {
        try core.store.insertMessage(
          connection, artist: artist, sender: sender, kind: kind, text: "bench \(index)", now: Date())
      }
    }
  }

  /// Adds `fans` fan accounts subscribed to `artist` in one transaction, for the benchmark's
  /// big-audience figure (package access). Their password hash matches no password.
  package func insertSubscribedFansForBenchmark(artist: AccountID, fans: Int) throws {
    try core.store.database.write { connection in
      for index in 0..<fans {
        try connection.query(
          """
          INSERT INTO accounts (username, password_hash, role, display_name, created_at)
            VALUES (?, '!', 'fan', ?, 0)
          """,
          [.text("bench_fan_\(index)"), .text("Bench Fan \(index)")])
        try connection.query(
          "INSERT INTO subscriptions (fan_id, artist_id, created_at) VALUES (?, ?, 0)",
          [.integer(connection.lastInsertRowID), .integer(artist.rawValue)])
      }
    }
  }

  /// Group commits of the database so far (``SQLiteDatabase/batchTotals``; package access).
  package var batchTotalsForBenchmark: (commits: Int, writes: Int, waited: Duration) {
    core.store.database.batchTotals
  }
}
