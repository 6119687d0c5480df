import Foundation
import Testing

@testable import GraphCheckerCore

@Test func graphFormats_withViolations_exitOneAndPrintViolationsOnStderr() throws {
  for format in ["dot", "mermaid"] {
    let result = try Fixture.run("feature-to-feature", ["--format", format])
    #expect(result.status == 1)
    #expect(result.errorOutput.contains("Packages/FanApp/Package.swift:15: error: [layer] FanChat (feature)"))
  }
  #expect(try Fixture.run("clean", ["--format", "mermaid"]).status == 0)
}

@Test func jsonFormat_withViolations_carriesThemWithSeverityAndExitsOne() throws {
  let result = try Fixture.run("feature-to-feature", ["--format", "json"])
  #expect(result.status == 1)
  let report = try JSONDecoder().decode(GraphFormatter.Report.self, from: Data(result.output.utf8))
  #expect(report.violations.map(\.rule) == ["layer"])
  #expect(report.violations.first?.severity == "error")
  #expect(report.violations.first?.line == 15)
  #expect(report.summary == "3 modules in 1 packages: 1 error(s), 0 warning(s), 0 known")
}

@Test func focusWithMermaid_drawsOnlyTheNeighbourhoodAsMermaid() throws {
  let result = try Fixture.run("clean", ["--focus", "FanChat", "--format", "mermaid"])
  let lines = result.output.split(separator: "\n").map(String.init)
  #expect(lines.first == "graph LR")
  #expect(lines.contains("  FanChat --> AuthClient"))
  #expect(lines.contains("  FanCoordinator --> FanChat"))
  #expect(!lines.contains { $0.contains("AuthClientLiveTests") })
  #expect(result.status == 0)
}

@Test func byPackage_mermaid_drawsOnePackageNodeAndOneEdgePerPackagePair() throws {
  let result = try Fixture.run("clean", ["--format", "mermaid", "--by-package", "--no-tests"])
  let lines = result.output.split(separator: "\n").map(String.init)
  #expect(lines.first == "graph LR")
  #expect(lines.contains(#"  Packages_FanApp["Packages/FanApp"]"#))
  #expect(lines.contains("  Packages_FanApp --> Packages_Client"))
  #expect(lines.filter { $0 == "  Packages_FanApp --> Packages_Client" }.count == 1)
  #expect(!lines.contains { $0.contains("FanChat") })
  #expect(result.status == 0)
  let dot = try Fixture.run("clean", ["--format", "dot", "--by-package", "--no-tests"]).output
  #expect(dot.contains(#""Packages/FanApp" -> "Packages/Client";"#))
}

@Test func undeclaredImport_dotAndMermaid_drawItAsAnUndeclaredEdge() throws {
  let dot = try Fixture.run("implicit-import", ["--format", "dot"])
  #expect(dot.output.contains(#""AuthClient" -> "CommonKit" [style=dashed, color=red, label="undeclared"];"#))
  let mermaid = try Fixture.run("implicit-import", ["--format", "mermaid"])
  #expect(mermaid.output.contains("  AuthClient -.->|undeclared| CommonKit"))
  #expect(mermaid.status == 1)
}

@Test func ruleSetToWarning_check_reportsWarningAndPasses() throws {
  var rules = try Rules.load(from: Fixture.rules)
  rules.severities = ["layer": .warning]
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).json")
  defer { try? FileManager.default.removeItem(at: url) }
  try JSONEncoder().encode(rules).write(to: url)
  let result = try Fixture.run("feature-to-feature", ["--rules", url.path])
  #expect(result.output.hasPrefix("Packages/FanApp/Package.swift:15: warning: [layer]"))
  #expect(result.output.hasSuffix("0 error(s), 1 warning(s), 0 known"))
  #expect(result.status == 0)
}

@Test func staleBaselineEntry_strictBaseline_fails_otherwiseNotes() throws {
  let baseline = FileManager.default.temporaryDirectory
    .appendingPathComponent("graph-baseline-\(UUID().uuidString).json")
  defer { try? FileManager.default.removeItem(at: baseline) }
  try Baseline(known: ["orphan-module|Gone"]).write(to: baseline)
  let lenient = try Fixture.run("clean", ["--baseline", baseline.path])
  #expect(lenient.status == 0)
  #expect(lenient.output.contains("note: baseline entry 'orphan-module|Gone' matches no violation any more"))
  let strict = try Fixture.run("clean", ["--baseline", baseline.path, "--strict-baseline"])
  #expect(strict.status == 1)
  #expect(strict.output.contains("error: baseline entry 'orphan-module|Gone' matches no violation any more"))
}

@Test func noTests_mermaid_leavesTestTargetsOut() throws {
  let result = try Fixture.run("clean", ["--format", "mermaid", "--no-tests"])
  #expect(!result.output.contains("Tests"))
  #expect(result.output.contains("  FanCoordinator --> FanChat"))
}

@Test func timingsFlag_cleanTree_printsEachStepOnStderrAndKeepsTheReport() throws {
  let plain = try Fixture.run("clean")
  let timed = try Fixture.run("clean", ["--timings"])

  #expect(timed.output == plain.output)
  #expect(timed.status == 0)
  let steps = timed.errorOutput.split(separator: "\n").map {
    $0.split(separator: " ").prefix(2).joined(separator: " ")
  }
  #expect(steps == ["timing: manifests", "timing: sources", "timing: graph", "timing: check"])
  #expect(timed.errorOutput.contains("(13 modules)"))
}
