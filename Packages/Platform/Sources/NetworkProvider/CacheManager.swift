import CommonKit
import Foundation

/// A two-tier cache of response bodies: memory first, then files in a folder of the data
/// folder; each entry lives for its own TTL, and each tier is bounded in bytes, evicting the
/// least recently used entries first. Safe to share: it is an actor.
///
/// ``APIClient`` uses it for cacheable `GET`s, with keys that include the session's identity,
/// so one user's answers are never served to another.
///
/// ```swift
/// let cache = CacheManager(directory: dataFolder.appendingPathComponent("cache"))
/// await cache.store(body, forKey: "GET /v1/profile", ttl: .seconds(30))
/// let hit = await cache.data(forKey: "GET /v1/profile")
/// ```
public actor CacheManager {
  /// What the cache has done so far.
  public struct Statistics: Sendable, Equatable {
    /// Lookups answered from memory.
    public var memoryHits = 0
    /// Lookups answered from disk (and promoted to memory).
    public var diskHits = 0
    /// Lookups with no live entry.
    public var misses = 0
    /// Entries dropped to stay within a size bound.
    public var evictions = 0
    /// Entries dropped because their TTL had passed.
    public var expirations = 0
  }

  private struct MemoryEntry {
    var data: Data
    var expiresAt: Date
    var lastUse: UInt64
  }

  private struct DiskIndexEntry {
    var fileName: String
    var size: Int
    var expiresAt: Date
    var lastUse: UInt64
  }

  /// One disk file: the key is kept so a (rare) file-name collision is detected, not served.
  private struct DiskEntry: Codable {
    var key: String
    var expiresAt: Date
    var body: Data
  }

  /// The folder of the disk tier; `nil` for memory only.
  public let directory: URL?
  /// The memory tier's bound, in bytes of bodies.
  public let memoryLimit: Int
  /// The disk tier's bound, in bytes of files.
  public let diskLimit: Int
  /// What the cache has done so far.
  public private(set) var statistics = Statistics()

  private let now: @Sendable () -> Date
  private let logger: Logger
  private var memory: [String: MemoryEntry] = [:]
  private var memoryBytes = 0
  private var disk: [String: DiskIndexEntry] = [:]
  private var diskBytes = 0
  private var diskLoaded = false
  private var useCounter: UInt64 = 0

  /// Creates a cache.
  ///
  /// - Parameters:
  ///   - directory: The disk tier's folder (created 0700 when first needed); `nil` keeps memory only.
  ///   - memoryLimit: The most bytes of bodies kept in memory.
  ///   - diskLimit: The most bytes of files kept on disk.
  ///   - now: The current date, injectable so tests can let entries expire.
  public init(
    directory: URL?, memoryLimit: Int = 2 << 20, diskLimit: Int = 16 << 20,
    now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "cache")
  ) {
    self.directory = directory
    self.memoryLimit = max(0, memoryLimit)
    self.diskLimit = max(0, diskLimit)
    self.now = now
    self.logger = logger
  }

  /// The live body stored under `key`, from memory or else from disk; `nil` on a miss.
  public func data(forKey key: String) -> Data? {
    let date = now()
    if let entry = memory[key] {
      if entry.expiresAt > date {
        memory[key]?.lastUse = nextUse()
        statistics.memoryHits += 1
        return entry.data
      }
      removeFromMemory(key)
      statistics.expirations += 1
    }
    if let data = readFromDisk(key, at: date) {
      statistics.diskHits += 1
      if let expiresAt = disk[key]?.expiresAt { insertInMemory(data, forKey: key, expiresAt: expiresAt) }
      return data
    }
    statistics.misses += 1
    return nil
  }

  /// Stores `data` under `key` in both tiers for `ttl`; a non-positive TTL stores nothing.
  public func store(_ data: Data, forKey key: String, ttl: Duration) {
    let seconds = Double(ttl.components.seconds) + Double(ttl.components.attoseconds) / 1e18
    guard seconds > 0 else { return }
    let expiresAt = now().addingTimeInterval(seconds)
    insertInMemory(data, forKey: key, expiresAt: expiresAt)
    writeToDisk(data, forKey: key, expiresAt: expiresAt)
  }

  /// Removes every entry whose key satisfies `shouldRemove`, from both tiers.
  public func removeValues(where shouldRemove: @Sendable (String) -> Bool) {
    for key in memory.keys where shouldRemove(key) { removeFromMemory(key) }
    loadDiskIndexIfNeeded()
    for key in disk.keys where shouldRemove(key) { removeFromDisk(key) }
  }

  /// Removes every entry, from both tiers (e.g. on sign-out).
  public func removeAll() {
    removeValues { _ in true }
  }

  /// How many entries and bytes each tier holds now.
  public var usage: (memoryEntries: Int, memoryBytes: Int, diskEntries: Int, diskBytes: Int) {
    loadDiskIndexIfNeeded()
    return (memory.count, memoryBytes, disk.count, diskBytes)
  }

  // MARK: Memory tier

  private func nextUse() -> UInt64 {
    useCounter += 1
    return useCounter
  }

  private func insertInMemory(_ data: Data, forKey key: String, expiresAt: Date) {
    removeFromMemory(key)
    guard data.count <= memoryLimit else { return }
    memory[key] = MemoryEntry(data: data, expiresAt: expiresAt, lastUse: nextUse())
    memoryBytes += data.count
    while memoryBytes > memoryLimit, let victim = memory.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      removeFromMemory(victim.key)
      statistics.evictions += 1
    }
  }

  private func removeFromMemory(_ key: String) {
    if let entry = memory.removeValue(forKey: key) { memoryBytes -= entry.data.count }
  }

  // MARK: Disk tier

  private func readFromDisk(_ key: String, at date: Date) -> Data? {
    loadDiskIndexIfNeeded()
    guard let index = disk[key], let directory else { return nil }
    guard index.expiresAt > date else {
      removeFromDisk(key)
      statistics.expirations += 1
      return nil
    }
    let url = directory.appendingPathComponent(index.fileName)
    guard let data = try? Data(contentsOf: url),
      let entry = try? JSONDecoder().decode(DiskEntry.self, from: data),
      entry.key == key
    else {
      logger.warning("Dropping the unreadable cache file \(url.path).")
      removeFromDisk(key)
      return nil
    }
    disk[key]?.lastUse = nextUse()
    return entry.body
  }

  private func writeToDisk(_ data: Data, forKey key: String, expiresAt: Date) {
    guard let directory else { return }
    loadDiskIndexIfNeeded()
    removeFromDisk(key)
    let fileName = Self.fileName(forKey: key)
    // A different key hashed to the same file: the newer entry wins.
    for (other, entry) in disk where entry.fileName == fileName { removeFromDisk(other) }
    do {
      let encoded = try JSONEncoder().encode(DiskEntry(key: key, expiresAt: expiresAt, body: data))
      guard encoded.count <= diskLimit else { return }
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let url = directory.appendingPathComponent(fileName)
      try encoded.write(to: url, options: .atomic)
      try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
      disk[key] = DiskIndexEntry(
        fileName: fileName, size: encoded.count, expiresAt: expiresAt, lastUse: nextUse())
      diskBytes += encoded.count
    } catch {
      logger.warning("Could not write the cache in \(directory.path): \(error.localizedDescription)")
      return
    }
    while diskBytes > diskLimit, let victim = disk.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      removeFromDisk(victim.key)
      statistics.evictions += 1
    }
  }

  private func removeFromDisk(_ key: String) {
    guard let entry = disk.removeValue(forKey: key), let directory else { return }
    diskBytes -= entry.size
    try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry.fileName))
  }

  /// Reads what an earlier run left on disk, dropping expired and unreadable files.
  private func loadDiskIndexIfNeeded() {
    guard !diskLoaded else { return }
    diskLoaded = true
    guard let directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return }
    let date = now()
    for name in names.sorted() where name.hasSuffix(".cache") {
      let url = directory.appendingPathComponent(name)
      guard let data = try? Data(contentsOf: url),
        let entry = try? JSONDecoder().decode(DiskEntry.self, from: data),
        entry.expiresAt > date, name == Self.fileName(forKey: entry.key)
      else {
        try? FileManager.default.removeItem(at: url)
        continue
      }
      disk[entry.key] = DiskIndexEntry(
        fileName: name, size: data.count, expiresAt: entry.expiresAt, lastUse: nextUse())
      diskBytes += data.count
    }
    while diskBytes > diskLimit, let victim = disk.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      removeFromDisk(victim.key)
      statistics.evictions += 1
    }
  }

  /// A stable file name for `key` (FNV-1a, 64 bits): the same in every run, unlike `Hasher`.
  static func fileName(forKey key: String) -> String {
    let hex = String(stableHash(key), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + ".cache"
  }
}

/// FNV-1a, 64 bits: stable across runs and processes, for file names and identities (not secrecy).
func stableHash(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01b3
  }
  return hash
}
