import CommonKit
import Testing

@Suite struct CommandLineOptionsTests {
  func parse(_ arguments: [String]) throws(CommandLineOptions.Problem) -> CommandLineOptions {
    try CommandLineOptions.parse(arguments, valued: ["--port", "--data"], flags: ["--demo"])
  }

  @Test func parse_spacedJoinedAndFlags_keepTheirOrder() throws {
    #expect(
      try parse(["--port", "9000", "--demo", "--data=/tmp/a=b"]).options == [
        .init(name: "--port", value: "9000"), .init(name: "--demo"), .init(name: "--data", value: "/tmp/a=b"),
      ])
    #expect(try parse([]) == CommandLineOptions(request: nil, options: []))
  }

  @Test func parse_doubleDash_isIgnoredWhereverItIs() throws {
    #expect(
      try parse(["--", "--port", "1", "--", "--demo"]).options == [
        .init(name: "--port", value: "1"), .init(name: "--demo"),
      ])
  }

  @Test func parse_helpOrVersionAnywhere_winsOverEverythingElse() throws {
    #expect(try parse(["--bogus", "--help"]).request == .help)
    #expect(try parse(["--port", "-h"]).request == .help)
    #expect(try parse(["--version", "--help"]).request == .help)
    #expect(try parse(["--", "--version", "stray"]) == CommandLineOptions(request: .version, options: []))
  }

  @Test func parse_badWords_nameTheFirstProblem() {
    #expect(throws: CommandLineOptions.Problem.unknownOption(name: "--colour", argument: "--colour=red")) {
      try parse(["--colour=red"])
    }
    #expect(throws: CommandLineOptions.Problem.unexpectedArgument("serve")) { try parse(["serve"]) }
    #expect(throws: CommandLineOptions.Problem.missingValue("--port")) { try parse(["--port"]) }
    #expect(throws: CommandLineOptions.Problem.missingValue("--port")) { try parse(["--port="]) }
    // A value is never the next option: `--data --demo` forgot the folder.
    #expect(throws: CommandLineOptions.Problem.missingValue("--data")) { try parse(["--data", "--demo"]) }
    #expect(throws: CommandLineOptions.Problem.unexpectedValue("--demo")) { try parse(["--demo=yes"]) }
  }

  @Test func parse_valueStartingWithOneDash_isAValue() throws {
    #expect(try parse(["--data", "-odd-folder"]).options == [.init(name: "--data", value: "-odd-folder")])
  }
}
