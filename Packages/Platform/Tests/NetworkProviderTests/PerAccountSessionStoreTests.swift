import Foundation
import Testing

@testable import NetworkProvider

@Suite struct PerAccountSessionStoreTests {
  @Test func twoAccounts_eachKeepsItsOwnFile_andANewStoreRestoresOnlyTheOneItNames() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let demo = SessionStore(accountsIn: folder.url, restoring: nil)
    let minji = SessionStore(accountsIn: folder.url, restoring: nil)
    #expect(demo.save(token: "demo-token", account: "demo_fan"))
    #expect(minji.save(token: "minji-token", account: "minji_fan"))
    #expect(demo.token() == "demo-token")
    #expect(minji.token() == "minji-token")
    #expect(SessionStore(accountsIn: folder.url, restoring: "demo_fan").token() == "demo-token")
    #expect(SessionStore(accountsIn: folder.url, restoring: "minji_fan").token() == "minji-token")
    #expect(SessionStore(accountsIn: folder.url, restoring: nil).token() == nil)
    #expect(SessionStore(accountsIn: folder.url, restoring: "nobody").token() == nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    #expect(names == ["demo_fan.json", "minji_fan.json"])
  }

  @Test func savedSessions_listsNewestFirst_andSetsAsideUnreadableFiles() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = SessionStore(accountsIn: folder.url, restoring: nil)
    // demo_fan's session saved long ago (in 2001), minji_fan's now.
    try Data(#"{"token": "a", "savedAt": 0, "username": "demo_fan"}"#.utf8)
      .write(to: folder.url.appendingPathComponent("demo_fan.json"))
    store.save(token: "b", account: "minji_fan")
    try Data("{".utf8).write(to: folder.url.appendingPathComponent("broken.json"))
    let logs = LogCollector()
    let listing = SessionStore(accountsIn: folder.url, restoring: nil, logger: logs.logger)
    #expect(listing.savedSessions().map(\.username) == ["minji_fan", "demo_fan"])
    #expect(logs.messages.count == 1)
    #expect(
      FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("broken.json.corrupt").path))
  }

  @Test func clear_removesOnlyTheCurrentAccountsFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let demo = SessionStore(accountsIn: folder.url, restoring: nil)
    demo.save(token: "demo-token", account: "demo_fan")
    SessionStore(accountsIn: folder.url, restoring: nil).save(token: "minji-token", account: "minji_fan")
    #expect(demo.clear())
    #expect(demo.token() == nil)
    #expect(demo.savedSessions().map(\.username) == ["minji_fan"])
  }

  @Test func clear_leavesAFileThatAnotherProcessRefilledForTheSameAccount() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let first = SessionStore(accountsIn: folder.url, restoring: nil)
    first.save(token: "old-token", account: "demo_fan")
    let second = SessionStore(accountsIn: folder.url, restoring: nil)
    second.save(token: "new-token", account: "demo_fan")
    #expect(first.clear())
    #expect(SessionStore(accountsIn: folder.url, restoring: "demo_fan").token() == "new-token")
  }

  @Test func saveWithoutAnAccount_warnsAndKeepsTheTokenForThisRunOnly() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let logs = LogCollector()
    let store = SessionStore(accountsIn: folder.url, restoring: nil, logger: logs.logger)
    #expect(!store.save(token: "abc"))
    #expect(store.token() == "abc")
    #expect(logs.messages.first?.contains("no account was named") == true)
  }

  @Test func corruptAccountFile_isMovedAsideWithAWarning_andNothingIsLost() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("demo_fan.json")
    try Data("not json".utf8).write(to: file)
    let logs = LogCollector()
    let store = SessionStore(accountsIn: folder.url, restoring: "demo_fan", logger: logs.logger)
    #expect(store.token() == nil)
    #expect(logs.messages.count == 1)
    #expect(logs.messages.first?.contains("moved to \(file.path).corrupt") == true)
    #expect(logs.messages.first?.contains("Sign in again.") == true)
    let aside = try Data(contentsOf: file.appendingPathExtension("corrupt"))
    #expect(String(decoding: aside, as: UTF8.self) == "not json")
    // A second corrupt file does not overwrite the first one set aside.
    try Data("also not json".utf8).write(to: file)
    #expect(SessionStore(accountsIn: folder.url, restoring: "demo_fan", logger: logs.logger).token() == nil)
    #expect(FileManager.default.fileExists(atPath: file.appendingPathExtension("corrupt-2").path))
  }

  @Test func fileName_keepsUsernameCharacters_andSpellsOutAnythingElse() {
    #expect(SessionStore.fileName(forAccount: "demo_fan.2") == "demo_fan.2.json")
    #expect(SessionStore.fileName(forAccount: "../x") == "%2E.%2Fx.json")
    #expect(SessionStore.fileName(forAccount: "Ab") == "%41b.json")
  }
}
