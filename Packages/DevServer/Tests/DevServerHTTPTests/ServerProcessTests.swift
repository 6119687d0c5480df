import CommonDataModels
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DevServerCore
@testable import DevServerHTTP

/// Runs the real `fromm-server` executable (built next to the tests by `swift build --build-tests`).
final class ServerProcess {
  static let executable = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/fromm-server")

  let process = Process()
  let port: UInt16
  let output = Pipe()

  init(dataDirectory: URL) throws {
    process.executableURL = Self.executable
    process.arguments = ["--port", "0", "--data", dataDirectory.path]
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var text = ""
    while !text.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    guard let portText = text.split(separator: ":").last?.prefix(while: \.isNumber),
      let port = UInt16(portText)
    else {
      process.terminate()
      throw TestFailure("fromm-server did not report its port; it printed '\(text)'")
    }
    self.port = port
  }

  func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
    process.waitUntilExit()
  }

  /// What the process wrote to standard output after its "listening" line, once it has exited.
  func remainingOutput() -> String {
    String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Runs `fromm-server` to completion with `arguments`; returns its exit status and both outputs.
  static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

@Suite(.serialized) struct ServerProcessTests {
  @Test func sigterm_finishesAndExitsZero() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try ServerProcess(dataDirectory: folder)
    #expect(try LoopbackClient(port: server.port).request("GET", APIPaths.health).status == 200)
    server.signal(SIGTERM)
    #expect(server.process.terminationReason == .exit)
    #expect(server.process.terminationStatus == 0)
    #expect(server.remainingOutput() == "stopped\n")
  }

  @Test func killDuringWriteBurst_everyAcknowledgedWriteSurvives() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try ServerProcess(dataDirectory: folder)
    let signIn = try LoopbackClient(port: server.port).request(
      "POST", APIPaths.signIn,
      body: Data(#"{"username":"iu_official","password":"\#(DemoData.password)"}"#.utf8))
    let session = try #require(
      try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])
    let token = try #require(session["token"] as? String)
    let artistID = try #require((session["account"] as? [String: Any])?["id"] as? Int)
    let path = APIPaths.messages(artistID: AccountID(Int64(artistID)))

    let port = server.port
    let acknowledged = Mutex<[String]>([])
    let group = DispatchGroup()
    for writer in 0..<4 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        guard let client = try? LoopbackClient(port: port) else { return }
        for index in 0..<100_000 {
          let text = "burst \(writer)-\(index)"
          guard
            let response = try? client.request(
              "POST", path, headers: ["authorization": "Bearer \(token)"],
              body: Data(#"{"text":"\#(text)"}"#.utf8),
              timeout: .seconds(2)),
            response.status == 201
          else { return }
          acknowledged.withLock { $0.append(text) }
        }
      }
    }
    // Let the burst run, then kill without warning while writes are in flight.
    let deadline = ContinuousClock.now + .seconds(10)
    while acknowledged.withLock({ $0.count }) < 200 && ContinuousClock.now < deadline { usleep(5_000) }
    server.signal(SIGKILL)
    group.wait()
    let written = Set(acknowledged.withLock { $0 })
    #expect(written.count >= 200)

    let reopened = try DevBackend(dataDirectory: folder, hasher: PasswordHasher(cost: 1))
    let database = reopened.core.store.database
    #expect(try database.read { try $0.queryFirst("PRAGMA integrity_check")?.string(0) } == "ok")
    let stored = try database.read { connection in
      try connection.query("SELECT text FROM messages WHERE text LIKE 'burst %'").map { $0.string(0) }
    }
    let missing = written.subtracting(stored)
    #expect(missing.isEmpty, "acknowledged but lost: \(missing.sorted().prefix(5))")
  }

  @Test func serverProcessAndEmbeddedBackend_writeTheSameFolderAtOnce() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try ServerProcess(dataDirectory: folder)
    defer { server.signal(SIGTERM) }
    let embedded = try DevBackend(dataDirectory: folder, hasher: PasswordHasher(cost: 1))
    let signIn = embedded.handle(
      WireRequest(
        method: "POST", path: APIPaths.signIn,
        body: Data(#"{"username":"iu_official","password":"\#(DemoData.password)"}"#.utf8)))
    let session = try #require(try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])
    let token = try #require(session["token"] as? String)
    let artistID = try #require((session["account"] as? [String: Any])?["id"] as? Int)
    let path = APIPaths.messages(artistID: AccountID(Int64(artistID)))
    let headers = ["authorization": "Bearer \(token)"]
    let port = server.port

    let statuses = Mutex<[Int]>([])
    let group = DispatchGroup()
    group.enter()
    Thread.detachNewThread {
      defer { group.leave() }
      guard let client = try? LoopbackClient(port: port) else { return }
      for index in 0..<150 {
        let status =
          (try? client.request("POST", path, headers: headers, body: Data(#"{"text":"http \#(index)"}"#.utf8)))?
          .status ?? 0
        statuses.withLock { $0.append(status) }
      }
    }
    for index in 0..<150 {
      let response = embedded.handle(
        WireRequest(
          method: "POST", path: path, headers: headers, body: Data(#"{"text":"embedded \#(index)"}"#.utf8)))
      statuses.withLock { $0.append(response.status) }
    }
    group.wait()
    #expect(statuses.withLock { $0 } == Array(repeating: 201, count: 300))
    let texts = try embedded.core.store.database.read { connection in
      try connection.query("SELECT text FROM messages WHERE text LIKE 'http %' OR text LIKE 'embedded %'")
        .map { $0.string(0) }
    }
    #expect(texts.count == 300)
  }

  @Test func version_printsTheVersionAndExitsZero() throws {
    let result = try ServerProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.output == "fromm-server \(ServerOptions.version)\n")
  }

  @Test func busyPort_failsBeforeCreatingTheDataFolder() throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    let holder = HTTPServer(configuration: configuration, logger: .init(label: "test") { _ in }) { _ in
      WireResponse(status: 200)
    }
    let port = try holder.bind()
    defer {
      holder.shutdown(gracePeriod: .seconds(1))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busy-\(UUID().uuidString)")
    let result = try ServerProcess.run(["--port=\(port)", "--data=\(folder.path)"])
    #expect(result.status == 2)
    #expect(result.error.contains("cannot listen on 127.0.0.1:\(port)"))
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func environment_choosesPortAndDataFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("env-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = ServerProcess.executable
    process.environment = ProcessInfo.processInfo.environment.merging([
      "FROMM_PORT": "0", "FROMM_DATA": folder.path,
    ]) {
      $1
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(line.hasPrefix("listening on http://127.0.0.1:"))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(DevBackend.databaseFileName).path))
  }
}
