import AuthDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@testable import DevServerCore

@Suite struct StorageStateTests {
  func opening(_ folder: URL, demo: Bool = false) -> String? {
    do {
      _ = try TestBackend(demo: demo, directory: folder)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func databaseDeletedAfterTheFolderWasSetUp_isRefused_notReseeded_unlessAskedWithDemo() throws {
    let first = try TestBackend()
    #expect(
      FileManager.default.fileExists(atPath: first.directory.appendingPathComponent("fromm.initialized").path)
    )
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(
        at: first.directory.appendingPathComponent(DevBackend.databaseFileName + suffix))
    }
    let refusal = try #require(opening(first.directory))
    #expect(refusal.contains("was set up before, but its database holds no accounts"), "\(refusal)")
    #expect(refusal.contains("--demo"))
    let reseeded = try TestBackend(demo: true, directory: first.directory)
    #expect(try reseeded.signIn("demo_fan").account.username == "demo_fan")
  }

  @Test(arguments: [false, true])
  func damagedDatabase_refusesToStart_sayingSo(wholeFile: Bool) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Closed again at once, so its log is copied into the file and removed.
    _ = try DevBackend(dataDirectory: folder, hasher: PasswordHasher(cost: 1))
    let file = folder.appendingPathComponent(DevBackend.databaseFileName)
    var bytes = try Data(contentsOf: file)
    // Every page after the first two (or the whole file) overwritten with noise.
    let start = wholeFile ? 0 : 2 * 4_096
    bytes.replaceSubrange(start..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - start))
    try bytes.write(to: file)
    let refusal = try #require(opening(folder))
    #expect(refusal.contains("is damaged"), "\(refusal)")
    #expect(refusal.contains("Restore it from a backup"))
  }

  @Test func fullDisk_posts507_healthSaysSo_untilAWriteSucceedsAgain() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let database = backend.backend.core.store.database
    // The database may not grow: as a full disk does, SQLite refuses the page a post needs.
    try database.write { connection in
      let pages = try connection.queryFirst("PRAGMA page_count")?.int64(0) ?? 0
      try connection.execute("PRAGMA max_page_count = \(pages)")
    }
    let room = APIPaths.messages(artistID: artist.account.id)
    let text = String(repeating: "full ", count: 90)
    var refused: WireResponse?
    for _ in 0..<200 where refused == nil {
      let response = try backend.send("POST", room, token: artist.token, body: SendMessageRequest(text: text))
      if response.status != 201 { refused = response }
    }
    #expect(refused?.status == 507)
    #expect(refused?.error?.code == "insufficient_storage")
    #expect(refused?.error?.message.contains("disk is full") == true)
    let health = backend.send("GET", APIPaths.health)
    #expect(health.status == 503)
    #expect(health.text.contains(#""storage":"full"#))
    try database.write { try $0.execute("PRAGMA max_page_count = 1000000000") }
    #expect(
      try backend.send("POST", room, token: artist.token, body: SendMessageRequest(text: text)).status == 201)
    #expect(backend.send("GET", APIPaths.health).status == 200)
  }
}
