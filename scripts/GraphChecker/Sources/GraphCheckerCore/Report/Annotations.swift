import Foundation

/// Reports for code review: GitHub workflow annotations and SARIF.
extension GraphFormatter {
  /// `::error file=F,line=L,title=[rule]::message; fix: …` (`::warning`, or `::notice` for a known
  /// violation): GitHub shows it on the line of the pull request's diff.
  public static func githubAnnotation(_ violation: Violation, known: Bool) -> String {
    func escaped(_ text: String, property: Bool) -> String {
      var text = text.replacingOccurrences(of: "%", with: "%25")
        .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
      if property {
        text = text.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
      }
      return text
    }
    let level = known ? "notice" : violation.severity == .warning ? "warning" : "error"
    let properties =
      "file=\(escaped(violation.file, property: true)),line=\(violation.line),"
      + "title=\(escaped("[\(violation.rule)]", property: true))"
    return
      "::\(level) \(properties)::\(escaped("\(violation.message); fix: \(violation.fix)", property: false))"
  }

  /// A SARIF 2.1.0 log of `violations` (one rule entry per rule name), for GitHub code scanning
  /// and other review tools.
  public static func sarif(_ violations: [Violation]) throws -> String {
    struct Text: Encodable { var text: String }
    struct Rule: Encodable {
      var id: String
      var shortDescription: Text
    }
    struct Driver: Encodable {
      var name = "graph-checker"
      var informationUri = "https://www.swift.org/package-manager/"
      var rules: [Rule]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Artifact: Encodable { var uri: String }
    struct Region: Encodable { var startLine: Int }
    struct Physical: Encodable {
      var artifactLocation: Artifact
      var region: Region
    }
    struct Location: Encodable { var physicalLocation: Physical }
    struct Result: Encodable {
      var ruleId: String
      var level: String
      var message: Text
      var locations: [Location]
    }
    struct Run: Encodable {
      var tool: Tool
      var results: [Result]
    }
    struct Log: Encodable {
      var version = "2.1.0"
      var schema = "https://json.schemastore.org/sarif-2.1.0.json"
      var runs: [Run]
      enum CodingKeys: String, CodingKey {
        case version, runs
        case schema = "$schema"
      }
    }
    let rules = Array(Set(violations.map(\.rule))).sorted().map {
      Rule(id: $0, shortDescription: Text(text: "module graph rule \($0)"))
    }
    let results = violations.map { violation in
      Result(
        ruleId: violation.rule, level: violation.severity == .warning ? "warning" : "error",
        message: Text(text: "\(violation.message); fix: \(violation.fix)"),
        locations: [
          Location(
            physicalLocation: Physical(
              artifactLocation: Artifact(uri: violation.file), region: Region(startLine: violation.line)))
        ])
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let log = Log(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)])
    return String(decoding: try encoder.encode(log), as: UTF8.self)
  }
}
