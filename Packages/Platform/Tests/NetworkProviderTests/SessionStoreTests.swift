import Foundation
import NetworkProvider
import Testing

@Suite struct SessionStoreTests {
  @Test func save_thenANewStore_readsTheSameToken() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = SessionStore(directory: folder.url, fileName: "fan-session.json")
    #expect(store.token() == nil)
    #expect(store.save(token: "abc123"))
    #expect(store.token() == "abc123")
    #expect(SessionStore(directory: folder.url, fileName: "fan-session.json").token() == "abc123")
    #expect(SessionStore(directory: folder.url, fileName: "arti-session.json").token() == nil)
  }

  @Test func save_writesTheFileOwnerOnlyAndLeavesNoTemporaryFiles() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = SessionStore(directory: folder.url.appendingPathComponent("nested"), fileName: "s.json")
    store.save(token: "first")
    store.save(token: "second")
    let file = folder.url.appendingPathComponent("nested/s.json")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent("nested").path)
    #expect(names == ["s.json"])
    #expect(SessionStore(directory: store.directory, fileName: "s.json").token() == "second")
  }

  @Test func corruptFile_isReportedAndTreatedAsSignedOut() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("{\"tok".utf8).write(to: folder.url.appendingPathComponent("s.json"))
    let logs = LogCollector()
    let store = SessionStore(directory: folder.url, fileName: "s.json", logger: logs.logger)
    #expect(store.token() == nil)
    #expect(logs.messages.count == 1)
    #expect(logs.messages.first?.contains("is unreadable or corrupt") == true)
    #expect(logs.messages.first?.contains("moved to \(folder.url.path)/s.json.corrupt") == true)
    store.save(token: "fresh")
    #expect(SessionStore(directory: folder.url, fileName: "s.json").token() == "fresh")
    // The unreadable file is kept for a look, not overwritten by the new session.
    let aside = try Data(contentsOf: folder.url.appendingPathComponent("s.json.corrupt"))
    #expect(String(decoding: aside, as: UTF8.self) == "{\"tok")
  }

  @Test func emptyToken_isTreatedAsSignedOut() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(#"{"token":"  ","savedAt":0}"#.utf8).write(to: folder.url.appendingPathComponent("s.json"))
    let logs = LogCollector()
    #expect(SessionStore(directory: folder.url, fileName: "s.json", logger: logs.logger).token() == nil)
    #expect(logs.messages.count == 1)
  }

  @Test func clear_removesTheFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = SessionStore(directory: folder.url, fileName: "s.json")
    store.save(token: "abc")
    #expect(store.clear())
    #expect(store.token() == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("s.json").path))
    #expect(store.clear())
  }

  @Test func unwritableFolder_warnsAndKeepsTheTokenForThisRun() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // A file where the folder should be: creating the folder fails, even for root.
    let blocker = folder.url.appendingPathComponent("blocked")
    try Data().write(to: blocker)
    let logs = LogCollector()
    let store = SessionStore(directory: blocker, fileName: "s.json", logger: logs.logger)
    #expect(!store.save(token: "abc"))
    #expect(store.token() == "abc")
    #expect(logs.messages.first?.contains("Could not save the session") == true)
  }
}

@Suite struct SessionStoreConcurrencyTests {
  @Test func concurrentWritersOnOneFile_alwaysLeaveOneWholeToken() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // Two "processes" (stores) writing the same file at once: every read sees a whole token.
    let first = SessionStore(directory: folder.url, fileName: "s.json")
    let second = SessionStore(directory: folder.url, fileName: "s.json")
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        group.addTask { (index.isMultiple(of: 2) ? first : second).save(token: "token-\(index)") }
        group.addTask {
          let token = SessionStore(directory: folder.url, fileName: "s.json").token()
          #expect(token == nil || token?.hasPrefix("token-") == true)
        }
      }
    }
    let final = try #require(SessionStore(directory: folder.url, fileName: "s.json").token())
    #expect(final.hasPrefix("token-"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["s.json"])
  }
}
