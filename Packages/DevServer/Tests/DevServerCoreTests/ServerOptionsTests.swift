import Foundation
import Testing

@testable import DevServerCore

@Suite struct ServerOptionsTests {
  let home = ["HOME": "/home/ann"]

  @Test func noArguments_servesOnLoopback8080_withDataOutsideTheWorkingDirectory() throws {
    let options = try ServerOptions.parse([], environment: home)
    #expect(options.command == .serve)
    #expect(options.port == 8080)
    #expect(options.host == "127.0.0.1")
    #expect(options.dataDirectory.path.hasPrefix("/home/ann/"))
    #expect(options.dataDirectory.path != FileManager.default.currentDirectoryPath)
  }

  @Test func defaultDataDirectory_eachPlatformsLayout_isUnderHome() {
    let linux = ServerOptions.defaultDataDirectory(home, applePlatform: false)
    let apple = ServerOptions.defaultDataDirectory(home, applePlatform: true)
    let xdg = ServerOptions.defaultDataDirectory(
      home.merging(["XDG_DATA_HOME": "/data/ann"]) { $1 }, applePlatform: false)
    let relativeXDG = ServerOptions.defaultDataDirectory(
      home.merging(["XDG_DATA_HOME": "data"]) { $1 }, applePlatform: false)
    #expect(linux.path == "/home/ann/.local/share/fromm-server")
    #expect(apple.path == "/home/ann/Library/Application Support/fromm-server")
    #expect(xdg.path == "/data/ann/fromm-server")
    #expect(relativeXDG.path == "/home/ann/.local/share/fromm-server")
    #expect(ServerOptions.defaultDataDirectory(home) == (ServerOptions.isApplePlatform ? apple : linux))
  }

  @Test func equalsForms_andSeparateForms_meanTheSame() throws {
    let joined = try ServerOptions.parse(["--port=9000", "--data=/tmp/f", "--host=::1"], environment: home)
    let separate = try ServerOptions.parse(
      ["--port", "9000", "--data", "/tmp/f", "--host", "::1"], environment: home)
    #expect(joined == separate)
    #expect(joined.port == 9000 && joined.host == "::1" && joined.dataDirectory.path == "/tmp/f")
  }

  @Test func demo_isOffByDefault_andSetByTheFlag() throws {
    #expect(try ServerOptions.parse([], environment: home).demo == false)
    #expect(try ServerOptions.parse(["--data", "/tmp/f", "--demo"], environment: home).demo == true)
  }

  @Test func connectionLimits_areReadFromTheCommandLine() throws {
    let options = try ServerOptions.parse(
      ["--max-per-address=4000", "--trusted-proxy", "10.0.0.5"], environment: home)
    #expect(options.maxPerAddress == 4_000 && options.trustedProxy == "10.0.0.5")
    #expect(throws: ServerOptionsError.self) {
      try ServerOptions.parse(["--max-per-address", "0"], environment: home)
    }
  }

  @Test func durability_isNormalByDefault_fullOnRequest_andAnythingElseIsRefused() throws {
    #expect(try ServerOptions.parse([], environment: home).durability == .normal)
    #expect(try ServerOptions.parse(["--durability=full"], environment: home).durability == .full)
    #expect(throws: ServerOptionsError(message: "--durability needs full or normal, got 'paranoid'")) {
      try ServerOptions.parse(["--durability", "paranoid"], environment: home)
    }
  }

  @Test func environment_setsValues_andTheCommandLineWins() throws {
    let environment = home.merging([
      "FROMM_PORT": "9100", "FROMM_DATA": "/srv/fromm", "FROMM_HOST": "localhost",
    ]) { $1 }
    let fromEnvironment = try ServerOptions.parse([], environment: environment)
    #expect(fromEnvironment.port == 9100)
    #expect(fromEnvironment.dataDirectory.path == "/srv/fromm")
    #expect(fromEnvironment.host == "localhost")
    #expect(try ServerOptions.parse(["--port=9200"], environment: environment).port == 9200)
  }

  @Test(arguments: [
    (["--port", "70000"], "--port needs a port number 0–65535, got '70000'"),
    (["--port="], "--port needs a value"),
    (["--data"], "--data needs a value"),
    (["--colour"], "unknown argument '--colour'"),
  ])
  func badArguments_areExplained(arguments: [String], message: String) {
    #expect(throws: ServerOptionsError(message: message)) {
      try ServerOptions.parse(arguments, environment: home)
    }
  }

  @Test func badFROMM_PORT_isExplained() {
    #expect(throws: ServerOptionsError(message: "FROMM_PORT needs a port number 0–65535, got 'http'")) {
      try ServerOptions.parse([], environment: ["FROMM_PORT": "http"])
    }
  }

  @Test func helpAndVersion_winOverOtherArguments() throws {
    #expect(try ServerOptions.parse(["--port", "1", "--version"], environment: home).command == .version)
    #expect(try ServerOptions.parse(["-h"], environment: home).command == .help)
  }
}
