import Foundation
import NetworkProvider
import Testing

@Suite struct CacheManagerTests {
  @Test func store_thenRead_hitsMemory() async {
    let cache = CacheManager(directory: nil)
    await cache.store(Data("a".utf8), forKey: "k", ttl: .seconds(10))
    #expect(await cache.data(forKey: "k") == Data("a".utf8))
    #expect(await cache.data(forKey: "other") == nil)
    let statistics = await cache.statistics
    #expect(statistics.memoryHits == 1 && statistics.misses == 1)
  }

  @Test func entry_afterItsTTL_isAMiss() async throws {
    let date = ManualDate()
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let cache = CacheManager(directory: folder.url, now: date.now)
    await cache.store(Data("short".utf8), forKey: "short", ttl: .seconds(5))
    await cache.store(Data("long".utf8), forKey: "long", ttl: .seconds(60))
    date.advance(seconds: 6)
    #expect(await cache.data(forKey: "short") == nil)
    #expect(await cache.data(forKey: "long") == Data("long".utf8))
    #expect(await cache.statistics.expirations >= 1)
  }

  @Test func diskTier_survivesANewCacheOnTheSameFolder() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let first = CacheManager(directory: folder.url)
    await first.store(Data("persisted".utf8), forKey: "GET /v1/profile", ttl: .seconds(60))
    let second = CacheManager(directory: folder.url)
    #expect(await second.data(forKey: "GET /v1/profile") == Data("persisted".utf8))
    #expect(await second.statistics.diskHits == 1)
    #expect(await second.data(forKey: "GET /v1/profile") != nil)
    #expect(await second.statistics.memoryHits == 1)
  }

  @Test func diskFiles_areReadableByTheOwnerOnly() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let cache = CacheManager(directory: folder.url.appendingPathComponent("cache"))
    await cache.store(Data("secret".utf8), forKey: "k", ttl: .seconds(60))
    let directory = folder.url.appendingPathComponent("cache")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.count == 1)
    for name in names {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: directory.appendingPathComponent(name).path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
  }

  @Test func memoryBound_evictsTheLeastRecentlyUsedEntry() async {
    let cache = CacheManager(directory: nil, memoryLimit: 10)
    await cache.store(Data("aaaa".utf8), forKey: "a", ttl: .seconds(60))
    await cache.store(Data("bbbb".utf8), forKey: "b", ttl: .seconds(60))
    _ = await cache.data(forKey: "a")
    await cache.store(Data("cccc".utf8), forKey: "c", ttl: .seconds(60))
    #expect(await cache.data(forKey: "b") == nil)
    #expect(await cache.data(forKey: "a") != nil)
    #expect(await cache.data(forKey: "c") != nil)
    #expect(await cache.statistics.evictions == 1)
    #expect(await cache.usage.memoryBytes == 8)
  }

  @Test func diskBound_keepsTheFolderWithinItsLimit() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let cache = CacheManager(directory: folder.url, memoryLimit: 0, diskLimit: 1_000)
    for index in 0..<20 {
      await cache.store(Data(repeating: UInt8(index), count: 100), forKey: "k\(index)", ttl: .seconds(60))
    }
    let usage = await cache.usage
    #expect(usage.diskBytes <= 1_000)
    #expect(usage.diskEntries < 20)
    #expect(await cache.data(forKey: "k19") == Data(repeating: 19, count: 100))
    #expect(await cache.data(forKey: "k0") == nil)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(files.count == usage.diskEntries)
  }

  @Test func corruptDiskFile_isAMissAndIsRemoved() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let writer = CacheManager(directory: folder.url)
    await writer.store(Data("x".utf8), forKey: "k", ttl: .seconds(60))
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first)
    try Data("{not json".utf8).write(to: folder.url.appendingPathComponent(name))
    let reader = CacheManager(directory: folder.url)
    #expect(await reader.data(forKey: "k") == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test func removeValues_dropsMatchingKeysFromBothTiers() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let cache = CacheManager(directory: folder.url)
    await cache.store(Data("1".utf8), forKey: "a GET /v1/artists?", ttl: .seconds(60))
    await cache.store(Data("2".utf8), forKey: "a GET /v1/profile?", ttl: .seconds(60))
    await cache.removeValues { $0.contains("/v1/artists") }
    #expect(await cache.data(forKey: "a GET /v1/artists?") == nil)
    #expect(await CacheManager(directory: folder.url).data(forKey: "a GET /v1/artists?") == nil)
    #expect(await cache.data(forKey: "a GET /v1/profile?") != nil)
    await cache.removeAll()
    let usage = await cache.usage
    #expect(usage.diskEntries == 0 && usage.memoryEntries == 0)
  }

  @Test func concurrentUse_keepsEveryEntryConsistent() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let cache = CacheManager(directory: folder.url, memoryLimit: 4_096, diskLimit: 1 << 20)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          let key = "k\(index % 20)"
          await cache.store(Data(key.utf8), forKey: key, ttl: .seconds(60))
          if let data = await cache.data(forKey: key) {
            #expect(data == Data(key.utf8))
          }
        }
      }
    }
    for index in 0..<20 {
      #expect(await cache.data(forKey: "k\(index)") == Data("k\(index)".utf8))
    }
  }
}
