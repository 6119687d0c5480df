import AuthDataModels
import CommonDataModels
import Foundation
import NetworkProvider
import Synchronization
import Testing

@testable import AppSupport

struct AppEnvironmentTests {
  let app = AppDescription(name: "arti", summary: "For artists.", sessionFolderName: "arti-sessions")

  func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("appsupport-\(UUID().uuidString)")
  }

  @Test func start_embedded_createsTheFolderAndAnswersHealth() async throws {
    let folder = temporaryFolder().appendingPathComponent("nested/data")
    defer {
      try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent())
    }
    let environment = try await AppEnvironment.start(AppOptions(dataDirectory: folder), app: app)
    #expect(environment.backend != nil)
    #expect(environment.sessionStore.directory.lastPathComponent == "arti-sessions")
    #expect(environment.sessionStore.account == nil)
    #expect(environment.sessionNotice == nil)
    #expect(FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func start_savedSessions_terminalResumesTheLast_scriptOnlyTheOneItNames() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try await AppEnvironment.start(
      AppOptions(dataDirectory: folder), app: app, interactive: false)
    let signIn = SignInRequest(username: "demo_fan", password: "fromm-demo-1")
    let session = try await first.api.send(
      Endpoint<Session>(.post, APIPaths.signIn, body: signIn, requiresSession: false))
    first.sessionStore.save(token: session.token, account: session.account.username)
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("arti-sessions/demo_fan.json").path))

    let script = try await AppEnvironment.start(
      AppOptions(dataDirectory: folder), app: app, interactive: false)
    #expect(script.sessionStore.token() == nil)
    #expect(script.sessionNotice?.contains("does not resume the saved session of demo_fan") == true)

    let terminal = try await AppEnvironment.start(
      AppOptions(dataDirectory: folder), app: app, interactive: true)
    #expect(terminal.sessionStore.account == "demo_fan")
    #expect(terminal.sessionStore.token() != nil)

    let named = try await AppEnvironment.start(
      AppOptions(dataDirectory: folder, user: "demo_fan"), app: app, interactive: false)
    #expect(named.sessionStore.account == "demo_fan")
    #expect(named.sessionNotice == nil)
  }

  @Test func start_databaseFileThatIsNotADatabase_saysSoAndHowToStartAfresh() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let database = folder.appendingPathComponent("fromm.sqlite").path
    try Data("garbage, not a database, long enough to be read as a header ......".utf8)
      .write(to: URL(fileURLWithPath: database))

    await #expect {
      _ = try await AppEnvironment.start(AppOptions(dataDirectory: folder), app: app)
    } throws: { error in
      let message = (error as? StartupError)?.message ?? ""
      return message.contains("The database '\(database)' is damaged")
        && message.contains("move it and its -wal and -shm files aside to start afresh")
        && !message.contains("Check that")
    }
  }

  @Test func start_corruptSessionFile_isSetAsideAndExplainedInTheNotice() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sessions = folder.appendingPathComponent("arti-sessions")
    try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
    try Data("{\"token\": broken".utf8).write(to: sessions.appendingPathComponent("iu_official.json"))

    let environment = try await AppEnvironment.start(
      AppOptions(dataDirectory: folder), app: app, interactive: true)

    let notice = try #require(environment.sessionNotice)
    #expect(notice.hasPrefix("The session file \(sessions.path)/iu_official.json is unreadable or corrupt"))
    #expect(notice.contains("moved to \(sessions.path)/iu_official.json.corrupt"))
    #expect(environment.sessionStore.account == nil)

    // A script naming that account: the corrupt file is why nothing is saved for it.
    try Data("{\"token\": broken".utf8).write(to: sessions.appendingPathComponent("iu_official.json"))
    await #expect {
      _ = try await AppEnvironment.start(
        AppOptions(dataDirectory: folder, user: "iu_official"), app: app, interactive: false)
    } throws: { error in
      let lines = ((error as? StartupError)?.message ?? "").split(separator: "\n")
      return lines.count == 2 && lines[0].contains("is unreadable or corrupt")
        && lines[1].hasPrefix("No session is saved for iu_official")
    }
  }

  @Test func start_scriptNamesASessionNotSavedOrNoLongerAccepted_failsBeforeReadingInput() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    await #expect {
      try await AppEnvironment.start(
        AppOptions(dataDirectory: folder, user: "minji_fan"), app: app, interactive: false)
    } throws: { error in
      (error as? StartupError)?.message.hasPrefix("No session is saved for minji_fan") == true
    }
    SessionStore(accountsIn: folder.appendingPathComponent("arti-sessions"), restoring: nil)
      .save(token: "revoked-token", account: "minji_fan")
    await #expect {
      try await AppEnvironment.start(
        AppOptions(dataDirectory: folder, user: "minji_fan"), app: app, interactive: false)
    } throws: { error in
      (error as? StartupError)?.message.hasPrefix("The session saved for minji_fan is no longer accepted")
        == true
    }
  }

  @Test func start_dataFolderIsAFile_failsSayingSo() async throws {
    let file = temporaryFolder()
    try Data("x".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    await #expect {
      try await AppEnvironment.start(AppOptions(dataDirectory: file), app: app)
    } throws: { error in
      (error as? StartupError)?.message.contains("is a file, not a folder") == true
    }
  }

  @Test func start_serverNotRunning_failsSayingItCannotBeReached() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let options = AppOptions(server: URL(string: "http://127.0.0.1:1"), dataDirectory: folder)
    await #expect {
      try await AppEnvironment.start(options, app: app)
    } throws: { error in
      (error as? StartupError)?.message.contains("cannot be reached") == true
    }
  }

  struct FixedTransport: Transport {
    let status: Int
    func send(_ request: WireRequest) async throws -> WireResponse { WireResponse(status: status) }
  }

  /// Never answers: waits, without a timer, until the health check gives up and cancels it.
  struct SilentTransport: Transport {
    func send(_ request: WireRequest) async throws -> WireResponse {
      let (silence, continuation) = AsyncStream<Never>.makeStream()
      // Iterating a stream ends when the task is cancelled; nothing else ends this one.
      for await _ in silence {}
      continuation.finish()
      throw CancellationError()
    }
  }

  @Test func checkHealth_okOtherStatusOrSilence() async throws {
    try await AppEnvironment.checkHealth(of: FixedTransport(status: 200), at: "x", timeout: .seconds(5))
    await #expect {
      try await AppEnvironment.checkHealth(of: FixedTransport(status: 404), at: "x", timeout: .seconds(5))
    } throws: { error in
      (error as? StartupError)?.message.contains("status 404") == true
    }
    await #expect {
      try await AppEnvironment.checkHealth(of: SilentTransport(), at: "x", timeout: .milliseconds(50))
    } throws: { error in
      (error as? StartupError)?.message.contains("did not answer") == true
    }
  }

  /// Answers once `gate` opens, whatever happens meanwhile: its wait cannot be cancelled, like
  /// work on a dispatch queue; it records whether it answered.
  final class CancellationIgnoringTransport: Transport, Sendable {
    let gate = DispatchSemaphore(value: 0)
    let answered = Mutex(false)

    func send(_ request: WireRequest) async throws -> WireResponse {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          self.gate.wait()
          continuation.resume()
        }
      }
      answered.withLock { $0 = true }
      return WireResponse(status: 200)
    }
  }

  @Test func checkHealth_transportIgnoringCancellation_failsAtTheTimeoutNotWhenTheTransportAnswers() async {
    let transport = CancellationIgnoringTransport()
    await #expect {
      try await AppEnvironment.checkHealth(of: transport, at: "x", timeout: .milliseconds(100))
    } throws: { error in
      (error as? StartupError)?.message.contains("did not answer within") == true
    }
    // A task-group race would still be waiting for the transport, which has not answered.
    #expect(!transport.answered.withLock { $0 })
    transport.gate.signal()
  }
}
