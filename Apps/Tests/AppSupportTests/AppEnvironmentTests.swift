import CommonDataModels
import Foundation
import NetworkProvider
import Testing

@testable import AppSupport

struct AppEnvironmentTests {
  let app = AppDescription(name: "arti", summary: "For artists.", sessionFileName: "arti-session.json")

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
    #expect(environment.sessionStore.fileURL.lastPathComponent == "arti-session.json")
    #expect(FileManager.default.fileExists(atPath: folder.path))
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

  struct SilentTransport: Transport {
    func send(_ request: WireRequest) async throws -> WireResponse {
      try await Task.sleep(for: .seconds(60))
      return WireResponse(status: 200)
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

  /// Answers after `delay` whatever happens meanwhile: its wait cannot be cancelled, like work on
  /// a dispatch queue.
  struct CancellationIgnoringTransport: Transport {
    let delay: Double
    func send(_ request: WireRequest) async throws -> WireResponse {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { continuation.resume() }
      }
      return WireResponse(status: 200)
    }
  }

  @Test func checkHealth_transportIgnoringCancellation_failsAtTheTimeoutNotWhenTheTransportAnswers() async {
    let clock = ContinuousClock()
    let start = clock.now
    await #expect {
      try await AppEnvironment.checkHealth(
        of: CancellationIgnoringTransport(delay: 5), at: "x", timeout: .milliseconds(100))
    } throws: { error in
      (error as? StartupError)?.message.contains("did not answer within") == true
    }
    // A task-group race waited for the transport (5 s); the bound leaves room for a busy machine.
    #expect(clock.now - start < .seconds(3))
  }
}
