import Foundation
import Testing

@testable import AppSupport

struct AppOptionsTests {
  let home = ["HOME": "/home/iu"]

  func parse(_ arguments: [String], environment: [String: String]? = nil) throws(OptionsError) -> AppCommand {
    try AppOptions.parse(arguments, environment: environment ?? home, currentDirectory: "/work")
  }

  func options(_ arguments: [String], environment: [String: String]? = nil) throws -> AppOptions {
    guard case .run(let options) = try parse(arguments, environment: environment) else {
      Issue.record("expected options to run with")
      return AppOptions(dataDirectory: URL(fileURLWithPath: "/"))
    }
    return options
  }

  @Test func parse_nothing_runsEmbeddedInTheDefaultFolder() throws {
    let result = try options([])
    #expect(result.dataDirectory.path == "/home/iu/.local/share/fromm")
    #expect(result.server == nil && !result.plain)
  }

  @Test func parse_environment_picksTheDataFolder() throws {
    #expect(
      try options([], environment: ["HOME": "/home/iu", "XDG_DATA_HOME": "/data"]).dataDirectory.path
        == "/data/fromm")
    #expect(
      try options([], environment: ["HOME": "/home/iu", "XDG_DATA_HOME": "/data", "FROMM_DATA": "shared"])
        .dataDirectory.path == "/work/shared")
    // A relative XDG_DATA_HOME is invalid by the spec and ignored.
    #expect(
      try options([], environment: ["HOME": "/home/iu", "XDG_DATA_HOME": "rel"]).dataDirectory.path
        == "/home/iu/.local/share/fromm")
  }

  @Test func parse_doubleDashBeforeOrBetweenOptions_isIgnored() throws {
    #expect(try options(["--", "--data", "d", "--plain"]).dataDirectory.path == "/work/d")
    #expect(try options(["--plain", "--", "--user", "minji_fan"]).user == "minji_fan")
    #expect(try parse(["--", "--help"]) == .help)
  }

  @Test func parse_everyOption_bothSpellings() throws {
    let spaced = try options(["--server", "http://127.0.0.1:8080", "--data", "d/../data", "--plain"])
    #expect(spaced.server == URL(string: "http://127.0.0.1:8080"))
    #expect(spaced.dataDirectory.path == "/work/data")
    #expect(spaced.plain)
    let joined = try options(["--server=https://fromm.example/api", "--data=/tmp/fromm"])
    #expect(joined.server == URL(string: "https://fromm.example/api"))
    #expect(joined.dataDirectory.path == "/tmp/fromm")
    #expect(!joined.plain)
    #expect(joined.user == nil)
    #expect(try options(["--user", "demo_fan"]).user == "demo_fan")
    #expect(try options(["--user=minji_fan", "--plain"]).user == "minji_fan")
    #expect(try options(["--quiet"]).quiet && !spaced.quiet)
    #expect(throws: OptionsError.unexpectedValue("--quiet")) { try parse(["--quiet=yes"]) }
  }

  @Test func parse_helpAndVersion_winOverEverythingElse() throws {
    #expect(try parse(["--bogus", "--help"]) == .help)
    #expect(try parse(["-h"]) == .help)
    #expect(try parse(["--plain", "--version"]) == .version)
  }

  @Test func parse_badCommandLines_sayWhatIsWrong() {
    #expect(throws: OptionsError.unknownOption("--sever")) { try parse(["--sever", "http://x"]) }
    #expect(throws: OptionsError.unexpectedArgument("iu_official")) { try parse(["iu_official"]) }
    #expect(throws: OptionsError.missingValue("--server")) { try parse(["--server"]) }
    #expect(throws: OptionsError.missingValue("--server")) { try parse(["--server", "--plain"]) }
    #expect(throws: OptionsError.missingValue("--data")) { try parse(["--data="]) }
    #expect(throws: OptionsError.unexpectedValue("--plain")) { try parse(["--plain=yes"]) }
    #expect(throws: OptionsError.repeated("--data")) { try parse(["--data", "a", "--data", "b"]) }
    #expect(throws: OptionsError.invalidServer("localhost:8080")) {
      try parse(["--server", "localhost:8080"])
    }
    #expect(throws: OptionsError.invalidServer("ftp://x")) { try parse(["--server", "ftp://x"]) }
    #expect(throws: OptionsError.noHome) { try parse([], environment: [:]) }
    #expect(throws: OptionsError.missingValue("--user")) { try parse(["--user"]) }
    #expect(
      throws: OptionsError.invalidUser("Demo Fan", "Use only lowercase letters a–z, digits, '.' and '_'.")
    ) {
      try parse(["--user", "Demo Fan"])
    }
  }

  @Test func optionsError_messages_nameTheFix() {
    #expect(
      OptionsError.unknownOption("--sever").message.contains("--server URL, --data DIR, --user NAME, --plain")
    )
    #expect(OptionsError.missingValue("--user").message.contains("--user demo_fan"))
    #expect(
      OptionsError.invalidUser("a", "At least 3 characters.").message.contains("At least 3 characters."))
    #expect(OptionsError.invalidServer("x").message.contains("http://127.0.0.1:8080"))
    #expect(OptionsError.noHome.message.contains("FROMM_DATA"))
  }

  @Test func usage_listsOptionsDefaultFolderAndFooter() {
    let app = AppDescription(
      name: "arti", summary: "For artists.", sessionFolderName: "arti-sessions",
      helpFooter: "Demo artist: iu_official / fromm-demo-1")
    let text = app.usage(defaultDataDirectory: "/home/iu/.local/share/fromm")
    for expected in [
      "Usage: arti [--server URL] [--data DIR] [--user NAME] [--plain]", "--version", "arti-sessions/",
      "--user NAME   Resume NAME's saved session",
      "(here: /home/iu/.local/share/fromm)", "Demo artist: iu_official / fromm-demo-1",
    ] {
      #expect(text.contains(expected), "missing \(expected)")
    }
  }
}
