import AuthDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@testable import DevServerCore

@Suite struct DevBackendTests {
  @Test func init_dataFolderUnderAFile_throwsReadableError() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "not-a-folder-\(UUID().uuidString)")
    try Data("x".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      _ = try DevBackend(dataDirectory: file.appendingPathComponent("data"))
      Issue.record("opening a data folder inside a file succeeded")
    } catch let error as DevBackendError {
      #expect(
        error.message
          == "Cannot use the data folder '\(file.path)/data': '\(file.path)' is a file, not a folder. Choose a writable folder."
      )
    }
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self"),
      "needs Linux's /proc, which refuses new entries even to root; macOS has no /proc"))
  func init_unwritableLocation_throwsReadableError() {
    // /proc refuses new entries even to root, so this holds whoever runs the tests.
    do {
      _ = try DevBackend(dataDirectory: URL(fileURLWithPath: "/proc/fromm-data-test"))
      Issue.record("opening a data folder in /proc succeeded")
    } catch {
      #expect(
        "\(error)"
          == "Cannot use the data folder '/proc/fromm-data-test': it could not be created (No such file or directory). Choose a writable folder."
      )
    }
  }

  @Test func init_databaseFileIsAFolder_throwsInsteadOfCrashing() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "devserver-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(DevBackend.databaseFileName), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: DevBackendError.self) { try TestBackend(directory: folder) }
  }

  @Test func init_newerSchema_isRefusedWithAMessage() throws {
    let first = try TestBackend()
    try first.backend.core.store.database.write { try $0.execute("PRAGMA user_version = 99") }
    do {
      _ = try TestBackend(directory: first.directory)
      Issue.record("opening a newer schema succeeded")
    } catch let error as DevBackendError {
      #expect(error.message.contains("schema version 99"))
    }
  }

  @Test func twoBackendsOnOneFolder_seeEachOthersWrites_andSeedOnce() throws {
    let first = try TestBackend()
    let second = try TestBackend(directory: first.directory)
    let artist = try first.signIn("iu_official")
    let sent = try first.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
      body: SendMessageRequest(text: "from A"))
    #expect(sent.status == 201)
    let fan = try second.signIn("demo_fan")
    let page = try second.send("GET", APIPaths.messages(artistID: artist.account.id), token: fan.token)
      .decoded(MessagePage.self)
    #expect(page.messages.last?.text == "from A")
    let count = try second.backend.core.store.database.read {
      try $0.queryFirst("SELECT COUNT(*) FROM accounts")?.int64(0)
    }
    #expect(count == Int64(DemoData.people.count))
  }

  @Test func concurrentWritesFromManyTasks_allLand() async throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.messages(artistID: artist.account.id)
    let handler = backend.backend.handler
    let statuses = await withTaskGroup(of: Int.self) { group in
      for index in 0..<40 {
        group.addTask {
          let body = Data(#"{"text":"message \#(index)"}"#.utf8)
          let request = WireRequest(
            method: "POST", path: path, headers: ["authorization": "Bearer \(artist.token)"], body: body)
          return await handler(request).status
        }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(statuses == Array(repeating: 201, count: 40))
    let page = try backend.send("GET", path, query: ["limit": "200"], token: artist.token).decoded(
      MessagePage.self)
    #expect(Set(page.messages.map(\.text)).isSuperset(of: (0..<40).map { "message \($0)" }))
  }

  @Test func withoutSeed_startsEmpty() throws {
    let backend = try TestBackend(seed: false)
    let response = try backend.send(
      "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: "demo_fan"))
    #expect(try response.decoded(CheckAccountResponse.self).exists == false)
  }

  @Test func passwordHasher_verifiesOnlyTheRightPassword() throws {
    let hasher = PasswordHasher(cost: 1)
    let hash = try hasher.hash("correct horse")
    #expect(hasher.verify("correct horse", against: hash))
    #expect(!hasher.verify("correct horsf", against: hash))
    #expect(!hasher.verify("correct horse", against: "not a hash"))
    #expect(try hasher.hash("correct horse") != hash)
  }

  @Test func sessionTokens_areRandomHex() {
    let tokens = Set((0..<100).map { _ in SessionToken.make() })
    #expect(tokens.count == 100)
    #expect(
      tokens.allSatisfy { $0.count == 64 && SessionToken.fromAuthorizationHeader("Bearer \($0)") == $0 })
  }
}
