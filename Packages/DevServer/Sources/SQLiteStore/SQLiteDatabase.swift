import CSQLite
import DevServerLocks
import Dispatch
import Foundation
import Synchronization

/// A SQLite database file shared safely by threads of this process and by other processes.
///
/// Opens in WAL mode with foreign keys on and a busy timeout, so `fan` and `arti` (two processes)
/// can use one file at once. One writer connection runs ``write(_:)`` bodies one at a time, each
/// in `BEGIN IMMEDIATE … COMMIT` (rolled back on error), so multi-step writes are atomic; a small
/// pool of read-only connections runs ``read(_:)`` bodies at the same time as each other and as
/// the writer (WAL gives every reader a consistent snapshot).
///
/// ```swift
/// let db = try SQLiteDatabase(path: dir.appendingPathComponent("fromm.sqlite").path)
/// try db.migrate([Migration(version: 1, name: "create accounts") { try $0.execute("CREATE TABLE …") }])
/// let count = try db.read { try $0.queryFirst("SELECT COUNT(*) FROM accounts")?.int64(0) ?? 0 }
/// ```
public final class SQLiteDatabase: @unchecked Sendable {
  // @unchecked: the writer is only touched while `writerLock` is held, and a reader only by the
  // thread that took it out of `readers` (see `read(_:)`).
  private let writerLock = PlainLock(())
  private let writer: SQLiteConnection
  private let readers: PlainLock<[SQLiteConnection]>
  private let readerSlots: DispatchSemaphore
  /// Writes waiting for the next group commit, and whether a caller is running one.
  private let batch = PlainLock(BatchState())
  /// The connection ``changeCounter()`` asks, opened on first use.
  private let watcher = PlainLock<SQLiteConnection?>(nil)
  /// The file's path.
  public let path: String

  /// How far a commit goes before it returns (SQLite's `synchronous`, in WAL mode).
  public enum Durability: String, Sendable, CaseIterable {
    /// The log is flushed to the disk at every commit: a committed transaction survives a power
    /// loss.
    case full
    /// The log is flushed only at checkpoints: a committed transaction survives a process crash,
    /// but a power loss may drop those committed since the last checkpoint.
    case normal
  }

  /// Opens (creating if needed) the database at `path`, with `readers` read connections.
  ///
  /// A new file is created readable and writable by its owner only (0600).
  /// - Throws: ``SQLiteError`` naming the path and SQLite's reason when the file cannot be opened
  ///   or written (for example, a folder that is not writable).
  public init(
    path: String, busyTimeoutMilliseconds: Int32 = 5_000, readers: Int = 4, durability: Durability = .normal
  ) throws(SQLiteError) {
    self.path = path
    Self.restrictPermissions(path)
    let writer = try Self.openConnection(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    do throws(SQLiteError) {
      let mode = try writer.queryFirst("PRAGMA journal_mode = WAL")?.string(0)
      guard mode == "wal" else {
        throw SQLiteError(
          code: SQLITE_CANTOPEN,
          message:
            "could not switch '\(path)' to WAL mode (got '\(mode ?? "nothing")'); is the folder writable?")
      }
      try writer.execute(
        "PRAGMA synchronous = \(durability.rawValue.uppercased()); PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = \(Self.checkpointPageLimit);"
      )
    } catch {
      writer.close()
      throw SQLiteError(
        code: error.code, message: "could not prepare the database at '\(path)': \(error.message)")
    }
    var pool: [SQLiteConnection] = []
    do throws(SQLiteError) {
      for _ in 0..<max(1, readers) {
        // A read connection refuses writes, so a write can never bypass the writer's lock.
        pool.append(
          try Self.openConnection(
            path, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            setUp: "PRAGMA query_only = ON; PRAGMA foreign_keys = ON;"))
      }
    } catch {
      for reader in pool { reader.close() }
      writer.close()
      throw error
    }
    self.writer = writer
    self.readers = PlainLock(pool)
    self.readerSlots = DispatchSemaphore(value: pool.count)
  }

  deinit {
    watcher.withLock { $0?.close() }
    writer.close()
    for reader in readers.withLock({ $0 }) { reader.close() }
  }

  /// The log size, in pages, at which a commit copies the log back into the file (a checkpoint:
  /// two `fsync`s, during which later writes wait). 8,000 (~32 MiB) rather than SQLite's 1,000:
  /// steady writes log the same few pages again and again, so a checkpoint copies about as much
  /// and writes stall an eighth as often (posts under `wrk`: ~4,700/s → ~6,200/s).
  static let checkpointPageLimit = 8_000

  /// Opens a connection to `path` and runs `setUp` on it.
  private static func openConnection(
    _ path: String, busyTimeoutMilliseconds: Int32, setUp: String = ""
  ) throws(SQLiteError) -> SQLiteConnection {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: "could not open the database at '\(path)': \(reason)")
    }
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    let connection = SQLiteConnection(handle: handle)
    do throws(SQLiteError) {
      try connection.execute(setUp)
    } catch {
      connection.close()
      throw error
    }
    return connection
  }

  /// Creates the file (if missing) as 0600 before SQLite does, and narrows an existing file and its
  /// WAL and shared-memory files to 0600: they hold password hashes and private replies. SQLite
  /// gives the `-wal` and `-shm` files it creates the main file's mode.
  static func restrictPermissions(_ path: String) {
    let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
    if descriptor >= 0 { close(descriptor) }
    for file in [path, path + "-wal", path + "-shm"] { _ = chmod(file, 0o600) }
  }

  /// Runs `body` with a read-only connection, outside any explicit transaction.
  ///
  /// Up to `readers` reads (from ``init(path:busyTimeoutMilliseconds:readers:durability:)``) run
  /// at once, beside a write; more wait for a free connection.
  @discardableResult
  public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    readerSlots.wait()
    defer { readerSlots.signal() }
    guard let reader = readers.withLock({ $0.popLast() }) else {
      // The semaphore counts the pool, so a slot always has a connection; if not, read on the writer.
      return try writerLock.withLock { _ in try body(writer) }
    }
    defer {
      // A transaction left open would pin its snapshot for the connection's next user: end it.
      if reader.isInTransaction { try? reader.execute("ROLLBACK") }
      readers.withLock { $0.append(reader) }
    }
    return try body(reader)
  }

  /// A number that changes whenever a transaction is committed to the file, by this database's
  /// writer or by any other connection or process (SQLite's `PRAGMA data_version`, asked on a
  /// connection of its own that never writes).
  ///
  /// Cheap enough to ask often: someone waiting for news can look for it only when this moved.
  ///
  /// ```swift
  /// let seen = try db.changeCounter()
  /// // …
  /// if try db.changeCounter() != seen { /* something was committed: look again */ }
  /// ```
  public func changeCounter() throws -> Int64 {
    try watcher.withLock { watcher in
      if watcher == nil {
        watcher = try Self.openConnection(path, busyTimeoutMilliseconds: 0, setUp: "PRAGMA query_only = ON")
      }
      return try watcher?.queryFirst("PRAGMA data_version")?.int64(0) ?? 0
    }
  }

  /// Runs `body` with a read-only connection inside one read transaction (`BEGIN … COMMIT`).
  ///
  /// Every statement in `body` sees the same snapshot, and the file's locks are taken and
  /// released once for all of them rather than once per statement (outside a transaction each
  /// statement is its own): for a read of two or three statements that is most of SQLite's cost.
  @discardableResult
  public func readTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try read { connection in
      try connection.query("BEGIN")
      let result = try body(connection)
      // A read-only transaction has nothing to commit; ending it only drops its locks. Should that
      // fail, `read` rolls back before the connection goes back to the pool.
      try connection.query("COMMIT")
      return result
    }
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; any thrown error rolls everything back.
  ///
  /// `IMMEDIATE` takes the write lock up front, so two processes never deadlock upgrading a read.
  @discardableResult
  public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try writerLock.withLock { _ in
      try writer.execute("BEGIN IMMEDIATE")
      do {
        let result = try body(writer)
        try writer.execute("COMMIT")
        return result
      } catch {
        try? writer.execute("ROLLBACK")
        throw error
      }
    }
  }

  /// Runs one statement (typically an `INSERT`) in a transaction shared with the other batched
  /// writes waiting at the same moment (group commit), and returns the last inserted row's id
  /// once that transaction has committed.
  ///
  /// The first caller to find no batch running leads: it takes every queued statement, runs them
  /// in one `BEGIN IMMEDIATE … COMMIT`, and wakes the others. A statement that fails is undone by
  /// SQLite alone and its caller gets the error; a failed `BEGIN` or `COMMIT` fails the whole
  /// batch. So a return means the same as after ``write(_:)``: committed. Under concurrent small
  /// writes this turns many commits into one.
  ///
  /// A caller that knows early that it will write (before checking permissions or decoding the
  /// body) can pass the ``BatchedWriteNotice`` from ``announceBatchedWrite()``: a batch about to
  /// start waits up to ``announcedWriteWait`` for announced writes to join it instead of
  /// committing alone.
  ///
  /// ```swift
  /// let id = try db.insertInBatch("INSERT INTO items (name) VALUES (?)", [.text("pear")])
  /// ```
  @discardableResult
  public func insertInBatch(
    announced notice: BatchedWriteNotice? = nil, _ sql: String, _ bindings: [SQLiteValue] = []
  ) throws -> Int64 {
    let job = BatchedWrite { try $0.query(sql, bindings) }
    if !enqueue(job, announced: notice) {
      // The commit this waits for is moments away and needs a core: yielding once lets the
      // leader run, and a caller picked again after the commit returns without sleeping, so the
      // leader's wake-up of it is a counter increment rather than a system call (~4% more posts
      // per second, less CPU per post, on the 2-core VM).
      sched_yield()
      job.done.wait()
      if job.leadsNext { lead(job) }
    } else {
      lead(job)
    }
    if let error = job.error { throw error }
    return job.rowID
  }

  /// Queues one statement for the next group commit, as ``insertInBatch(announced:_:_:)`` does,
  /// without waiting for it: `onCommit` gets the inserted row's id, or the error, once that
  /// transaction has committed or failed.
  ///
  /// `onCommit` runs on the thread that led the commit or on a thread that queued a write
  /// meanwhile, possibly the calling thread before this returns. It should hand its result on and
  /// return, and must not wait for another batched write (that write may need this very thread
  /// to lead its commit). A server's worker thread uses this to go back to its sockets while the
  /// commit runs, instead of sleeping until it is done.
  ///
  /// ```swift
  /// db.insertInBatch("INSERT INTO items (name) VALUES (?)", [.text("pear")]) { result in
  ///   reply(result)
  /// }
  /// ```
  public func insertInBatch(
    announced notice: BatchedWriteNotice? = nil, _ sql: String, _ bindings: [SQLiteValue] = [],
    onCommit: @escaping @Sendable (Result<Int64, any Error>) -> Void
  ) {
    let job = BatchedWrite(onCommit: onCommit) { try $0.query(sql, bindings) }
    if enqueue(job, announced: notice) {
      lead(nil)
    } else {
      // While the leader commits, this thread has nothing else of its own to do: it helps tell
      // the callers of the last commit, so their answers are written by two threads, not one.
      finishCommitted()
    }
  }

  /// Queues `job` for the next group commit; true when no commit is running, so the caller leads.
  private func enqueue(_ job: BatchedWrite, announced notice: BatchedWriteNotice?) -> Bool {
    batch.withLock { state -> Bool in
      state.queue.append(job)
      if let notice, notice.arrive() { state.announced -= 1 }
      guard !state.running else { return false }
      state.running = true
      return true
    }
  }

  /// Runs every queued write in one transaction and tells their callers, handing the lead to a
  /// caller queued meanwhile that waits for its commit, or ending the batch run when none is
  /// queued. `leader` is the waiting caller leading now, `nil` for one that did not wait.
  ///
  /// Writes queued meanwhile by callers that did not wait have no thread to lead them: this one
  /// commits them too, in the next round.
  private func lead(_ leader: BatchedWrite?) {
    while true {
      let jobs = commitQueued()
      let (next, leadsAgain) = batch.withLock { state -> (BatchedWrite?, Bool) in
        guard !state.queue.isEmpty else {
          state.running = false
          return (nil, false)
        }
        guard let waiting = state.queue.first(where: { $0.onCommit == nil }) else { return (nil, true) }
        waiting.leadsNext = true
        return (waiting, false)
      }
      // The body is the caller's non-escaping closure: it must be gone before the caller returns.
      for job in jobs { job.body = nil }
      // The next leader first: commits are posting's one serial step, and a woken thread may take
      // this core at once, which would hold up every wake-up after it.
      next?.done.signal()
      batch.withLock { state in
        // A drained slice still holds the told writes in its storage: start afresh.
        if state.committed.isEmpty { state.committed = [] }
        state.committed.append(contentsOf: jobs.lazy.filter { $0 !== leader })
      }
      finishCommitted()
      guard leadsAgain else { return }
    }
  }

  /// Tells committed writes' callers their outcome, one at a time, until none is left. The
  /// leader runs this after each commit, and so does a caller queuing a write meanwhile: telling
  /// a caller can mean writing its answer to a socket, and two threads share that work.
  private func finishCommitted() {
    while let job = batch.withLock({ state in state.committed.popFirst() }) {
      job.finish()
    }
  }

  /// Takes every queued write (after waiting briefly for announced ones) and runs them in one
  /// transaction; returns them with their results or errors set.
  private func commitQueued() -> [BatchedWrite] {
    // Announced writes are moments away; committing without them would cost each its own commit.
    let started = ContinuousClock.now
    // One yield first: threads with a post read but not yet announced (waiting for a core) run
    // now and join this batch (under `wrk` on a loaded 2-core machine: ~1.5 → ~12 posts per
    // commit, ~78 → ~54 µs of CPU per post); with a core to spare it returns at once.
    sched_yield()
    let deadline = started + Self.announcedWriteWait
    while batch.withLock({ $0.announced > 0 }) && ContinuousClock.now < deadline {
      sched_yield()
    }
    let waited = ContinuousClock.now - started
    let jobs = batch.withLock { state in
      defer { state.queue.removeAll(keepingCapacity: true) }
      state.totals.commits += 1
      state.totals.writes += state.queue.count
      state.totals.waited += waited
      return state.queue
    }
    writerLock.withLock { _ in
      do {
        try writer.query("BEGIN IMMEDIATE")
      } catch {
        for job in jobs { job.error = error }
        return
      }
      for job in jobs {
        do {
          try job.body?(writer)
          job.rowID = writer.lastInsertRowID
        } catch {
          job.error = error
          // Some failures (I/O, a full disk) end the whole transaction: the writes before this
          // one are gone, and those after it must not commit one by one outside a transaction.
          guard writer.isInTransaction else {
            for other in jobs where other.error == nil { other.error = error }
            return
          }
        }
      }
      if jobs.count == 1 && jobs[0].error != nil {
        _ = try? writer.query("ROLLBACK")
        return
      }
      do {
        try writer.query("COMMIT")
      } catch {
        _ = try? writer.query("ROLLBACK")
        for job in jobs where job.error == nil { job.error = error }
      }
    }
    return jobs
  }

  /// The longest a starting batch waits for announced writes to join it (only while one is on its
  /// way). 1 ms gave ~16% more posts per second than 300 µs under `wrk` on a busy 2-core machine:
  /// an announced post whose thread waits for a core still joins.
  public static let announcedWriteWait: Duration = .milliseconds(1)

  /// Writes announced and not yet queued or withdrawn, which a commit would wait for (package
  /// access, for tests).
  package var announcedWrites: Int { batch.withLock { $0.announced } }

  /// Group commits begun so far, the writes they carried and the time their leaders spent
  /// gathering writes: `writes / commits` is how many share a commit (package access).
  package var batchTotals: (commits: Int, writes: Int, waited: Duration) { batch.withLock { $0.totals } }

  /// Tells a starting batch that this caller will soon call ``insertInBatch(announced:_:_:)``; the
  /// notice is withdrawn when passed to that call or when dropped (the caller gave up).
  public func announceBatchedWrite() -> BatchedWriteNotice {
    batch.withLock { $0.announced += 1 }
    return BatchedWriteNotice { [batch] in batch.withLock { $0.announced -= 1 } }
  }

  /// The schema version stored in the file (`PRAGMA user_version`).
  public func schemaVersion() throws -> Int32 {
    try read { Int32(truncatingIfNeeded: try $0.queryFirst("PRAGMA user_version")?.int64(0) ?? 0) }
  }

  /// Applies every migration newer than the file's schema version, each in its own transaction.
  ///
  /// Safe when two processes start at once: the version is re-read after taking the write lock.
  /// - Throws: when the file was written by a newer schema than `migrations` knows.
  public func migrate(_ migrations: [Migration]) throws {
    let sorted = migrations.sorted { $0.version < $1.version }
    let newest = sorted.last?.version ?? 0
    for migration in sorted {
      try write { connection in
        let current = Int32(
          truncatingIfNeeded: try connection.queryFirst("PRAGMA user_version")?.int64(0) ?? 0)
        if current > newest {
          throw SQLiteError(
            code: SQLITE_ERROR,
            message:
              "the database at '\(path)' has schema version \(current), newer than this program knows (\(newest)); use a newer build or another data folder"
          )
        }
        guard current < migration.version else { return }
        try migration.apply(connection)
        try connection.execute("PRAGMA user_version = \(migration.version)")
      }
    }
  }

}

/// Writes waiting for the next group commit, whether a caller is running one, and how many
/// writes were announced but not queued yet.
private struct BatchState {
  var queue: [BatchedWrite] = []
  /// Committed writes whose callers have not been told yet, first first (see `finishCommitted`).
  var committed: ArraySlice<BatchedWrite> = []
  var running = false
  var announced = 0
  /// Group commits run, the writes they carried, and the time their leaders spent gathering
  /// writes (their yield and the wait for announced ones).
  var totals: (commits: Int, writes: Int, waited: Duration) = (0, 0, .zero)
}

/// A caller's promise of an upcoming ``SQLiteDatabase/insertInBatch(announced:_:_:)``, from
/// ``SQLiteDatabase/announceBatchedWrite()``; dropping it unused withdraws the promise.
public final class BatchedWriteNotice: Sendable {
  private let pending = Atomic<Bool>(true)
  private let withdraw: @Sendable () -> Void

  init(withdraw: @escaping @Sendable () -> Void) {
    self.withdraw = withdraw
  }

  deinit {
    if pending.load(ordering: .relaxed) { withdraw() }
  }

  /// Marks the write as queued; true the first time (the caller then lowers the count itself).
  func arrive() -> Bool {
    pending.exchange(false, ordering: .relaxed)
  }
}

/// One caller's part of a group commit (see ``SQLiteDatabase/insertInBatch(announced:_:_:)``).
private final class BatchedWrite: @unchecked Sendable {
  // @unchecked: `body`, `error`, `rowID` and `leadsNext` are written by the leading thread before
  // it signals `done` or calls `onCommit`, and read by the caller after.
  var body: ((SQLiteConnection) throws -> Void)?
  /// Where the outcome goes for a caller that does not wait; `nil` for one waiting on `done`.
  let onCommit: (@Sendable (Result<Int64, any Error>) -> Void)?
  let done = DispatchSemaphore(value: 0)
  var error: (any Error)?
  /// The connection's last inserted row id after the body ran.
  var rowID: Int64 = 0
  var leadsNext = false

  init(
    onCommit: (@Sendable (Result<Int64, any Error>) -> Void)? = nil,
    _ body: @escaping (SQLiteConnection) throws -> Void
  ) {
    self.onCommit = onCommit
    self.body = body
  }

  /// Tells the caller its write committed or failed: wakes it, or passes it the outcome.
  func finish() {
    guard let onCommit else {
      done.signal()
      return
    }
    onCommit(error.map { .failure($0) } ?? .success(rowID))
  }
}

/// One versioned step of a schema: applied once, in order, inside a transaction.
public struct Migration: Sendable {
  /// The schema version after this step (1, 2, …).
  public var version: Int32
  /// What the step does, for people reading logs.
  public var name: String
  /// The step itself.
  public var apply: @Sendable (SQLiteConnection) throws -> Void

  /// Creates a migration.
  public init(version: Int32, name: String, apply: @escaping @Sendable (SQLiteConnection) throws -> Void) {
    self.version = version
    self.name = name
    self.apply = apply
  }
}
