import Foundation
import Testing

/// The built `arti` executable, driven through a pipe in plain mode against the embedded backend.
///
/// `swift build --build-tests` builds `arti` next to the test bundle; these tests launch it as
/// a person would, with a fresh data folder each.
@Suite(.serialized)
struct ArtiProcessTests {
  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  /// The `arti` next to this test bundle.
  static var executable: URL? {
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
      candidates.append(bundle.appendingPathComponent("arti"))
    }
    let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(apps.appendingPathComponent(".build/debug/arti"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  func run(_ arguments: [String], input: String) throws -> Run {
    guard let executable = Self.executable else {
      Issue.record(
        "The arti executable was not found next to the tests; run 'swift build --build-tests' first.")
      return Run(status: -1, output: "", error: "")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read before waiting, so a full pipe never blocks the app.
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self))
  }

  func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("arti-e2e-\(UUID().uuidString)")
  }

  @Test func arti_signInBroadcastRelaunchRestoresThenSignOut() throws {
    let data = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: data) }

    let first = try run(
      ["--data", data.path, "--plain"], input: "l\niu_official\nfromm-demo-1\n첫 방송이에요 안녕하세요\n")
    #expect(first.status == 0, "stderr: \(first.error)")
    // A found ID goes straight on to the password: no "next" step between.
    #expect(first.output.contains("Checking your ID"))
    #expect(!first.output.contains("Next"))
    #expect(first.output.contains("Password for iu_official"))
    #expect(first.output.contains("You: 첫 방송이에요 안녕하세요"))
    #expect(!first.output.contains("\u{1B}"), "plain mode prints no escape codes")
    #expect(
      FileManager.default.fileExists(
        atPath: data.appendingPathComponent("arti-sessions/iu_official.json").path))

    // A script that does not ask for the saved session signs in from its input; it is told so.
    let script = try run(["--data", data.path, "--plain"], input: "")
    #expect(script.output.contains("[l] Log in"))
    #expect(script.error.contains("does not resume the saved session of iu_official; pass --user NAME"))

    // The session was kept: a launch that asks for it goes straight to the room.
    let second = try run(
      ["--data", data.path, "--user", "iu_official", "--plain"], input: "/profile\no\n1\n")
    #expect(second.status == 0, "stderr: \(second.error)")
    #expect(!second.output.contains("Password for"))
    #expect(second.output.contains("You: 첫 방송이에요 안녕하세요"))
    #expect(second.output.contains("Sign out?"))
    #expect(second.output.contains("You signed out."))

    let third = try run(["--data", data.path, "--user", "iu_official", "--plain"], input: "")
    #expect(third.status == 1)
    #expect(third.error.contains("No session is saved for iu_official"))
    #expect(!third.output.contains("Your room"))
  }

  @Test func arti_wrongPassword_explainsKeepsRunningAndExitsOne() throws {
    let data = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: data) }
    let result = try run(["--data", data.path, "--plain"], input: "l\niu_official\nnot-my-password\n")
    // The sign-in was refused and the input ended at the password prompt: a script must see it.
    #expect(result.status == 1)
    #expect(result.output.contains("The username or password is wrong."))
  }

  @Test func arti_help_printsDemoCredentials() throws {
    let result = try run(["--help"], input: "")
    #expect(result.status == 0)
    #expect(result.output.contains("iu_official / fromm-demo-1"))
    #expect(result.output.contains("--server URL"))
  }

  @Test func arti_badStarts_exitNonZeroWithAClearMessage() throws {
    let file = temporaryFolder()
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let unusable = try run(["--data", file.path, "--plain"], input: "")
    #expect(unusable.status == 1)
    #expect(
      unusable.error.contains(
        "arti: Cannot use the data folder '\(file.path)': it is a file, not a folder. Pass another folder with --data DIR."
      ))

    let unreachable = try run(
      ["--server", "http://127.0.0.1:1", "--data", file.path + "-data", "--plain"], input: "")
    try? FileManager.default.removeItem(atPath: file.path + "-data")
    #expect(unreachable.status == 1)
    #expect(unreachable.error.contains("cannot be reached"))

    let usage = try run(["--sever", "http://x"], input: "")
    #expect(usage.status == 2)
    #expect(usage.error.contains("arti: Unknown option '--sever'."))
  }
}
