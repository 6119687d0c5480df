import Foundation
import Testing

@testable import GraphCheckerCore

/// Fixture repositories laid out unlike this one, checked with no rules file: what any SwiftPM
/// team gets by pointing the checker at its repository.
enum Foreign {
  /// Runs the command on fixture `name` with no rules file and no baseline.
  static func run(_ name: String, _ extra: [String] = []) throws -> GraphCommand.Result {
    try GraphCommand(arguments: ["--root", Fixture.root(name), "--manifests", "files"] + extra).run()
  }

  static func lines(_ name: String, _ extra: [String] = []) throws -> [String] {
    try run(name, extra).output.split(separator: "\n").map(String.init)
  }

  /// The report of `module` importing `name`, which nothing has, in multi-package's Feature.
  static func unknownImport(_ module: String, _ name: String) -> String {
    "Modules/Feature/Sources/\(module)/\(module).swift:1: error: [unknown-import] \(module) imports \(name), which "
      + "no package of the repository declares and neither the toolchain nor an SDK has; fix: if \(name) was "
      + "deleted or renamed, remove the import or import what replaced it; if the name is misspelt, correct "
      + "it; if a package vends it, declare that product in Modules/Feature/Package.swift; if only some "
      + "platforms have it, wrap the import in `#if canImport(\(name))`"
  }
}

@Test func rootPackageLikeIsowords_noRules_reportsRemoteImplicitImportAndEveryPolicyFreeRule() throws {
  let result = try Foreign.run("root-package")
  #expect(
    result.output.split(separator: "\n").map(String.init) == [
      "Package.swift:30: error: [unused-dependency] LeaderboardFeature declares AuthClient but none of its "
        + "sources imports it; fix: import AuthClient in the files that use it (its extensions' members, such "
        + "as a dependency key, are visible without an import), or remove \"AuthClient\" from the dependencies "
        + "of LeaderboardFeature if nothing uses it",
      "Package.swift:39: error: [dangling-dependency] Onboarding declares \"SettingsFeatur\", which names "
        + "nothing: neither a target of Words nor a product of its dependencies is named SettingsFeatur; fix: "
        + "did you mean SettingsFeature? correct it or remove it from the dependencies of Onboarding (SwiftPM "
        + "does not load the package until then)",
      "Sources/DailyChallengeFeature/DailyChallengeFeature.swift:3: error: [testable-import] "
        + "DailyChallengeFeature (library) uses @testable import SharedModels: a release build, compiled "
        + "without testing enabled, fails; fix: import it without @testable and use its public or package "
        + "API; keep @testable imports in test targets",
      "Sources/GameCore/GameCore.swift:2: error: [implicit-import] GameCore imports ComposableArchitecture "
        + "without declaring it as a direct dependency; fix: add .product(name: \"ComposableArchitecture\", "
        + "package: \"swift-composable-architecture\") to the dependencies of GameCore in Package.swift",
      "Sources/Onboarding/Onboarding.swift:1: error: [unknown-import] Onboarding imports ApiClinet, which no "
        + "package of the repository declares; fix: did you mean ApiClient? correct the import, or declare the "
        + "package that vends ApiClinet",
      "Sources/Reports/Reports.swift:3: error: [implicit-import] Reports imports SharedModels without "
        + "declaring it as a direct dependency; fix: add \"SharedModels\" to the dependencies of Reports in "
        + "Package.swift",
      "Sources/ServerConfig/ServerConfig.swift:2: error: [conditional-import] ServerConfig imports "
        + "LinuxSupport, which Package.swift declares only for linux (.when(platforms:)), outside a platform "
        + "#if: the build for any other platform fails; fix: wrap the import and the code using it in `#if "
        + "canImport(LinuxSupport)`, or drop the condition from \"LinuxSupport\"",
      "24 modules in 1 packages: 7 error(s), 0 warning(s), 0 known",
    ])
  #expect(result.status == 1)
}

@Test func rootPackage_hyphenatedResourcesDoccPluginAndBinary_reportNothingAboutThem() throws {
  let output = try Foreign.run("root-package").output
  // `import SyncUI_macOS` is the declared "SyncUI-macOS"; Templates/ is a resource and the .docc
  // snippet is documentation (both import modules their target does not declare); the plugin and
  // the binary target have no Swift sources to check.
  for name in ["SyncUI", "Styleguide", "GenerateAssets", "Sodium", "CryptoClient", "HomeFeature"] {
    #expect(!output.contains("] \(name) "), "unexpected finding about \(name)")
  }
}

@Test func packagesOfAnotherLayout_noRules_fixTextsNameWhatCanBeDeclared() throws {
  #expect(
    try Foreign.lines("multi-package") == [
      "Modules/Feature/Package.swift:12: error: [unused-dependency] FeatureC declares CoreKit (modules "
        + "CoreModels, CoreUtils) but none of its sources imports any of them; fix: remove .product(name: "
        + "\"CoreKit\", package: \"Core\") from the dependencies of FeatureC, or import it where it is used",
      "Modules/Feature/Package.swift:13: error: [dangling-dependency] FeatureD declares .product(name: "
        + "\"CoreKitt\", package: \"Core\"), which names nothing: Modules/Core has no product named CoreKitt "
        + "(its products: CoreKit); fix: correct it or remove it from the dependencies of FeatureD (SwiftPM "
        + "does not load the package until then)",
      "Modules/Feature/Sources/FeatureB/FeatureB.swift:1: error: [implicit-import] FeatureB imports CoreTests "
        + "without declaring it as a direct dependency; fix: CoreTests is a test target, which no module can "
        + "import: move what FeatureB needs from it into a library target and declare that",
      "Modules/Feature/Sources/FeatureB/FeatureB.swift:2: error: [implicit-import] FeatureB imports CoreUtils "
        + "without declaring it as a direct dependency; fix: add .product(name: \"CoreKit\", package: \"Core\") "
        + "to the dependencies of FeatureB in Modules/Feature/Package.swift",
      Foreign.unknownImport("FeatureC", "CoreUtilities"),
      Foreign.unknownImport("FeatureD", "CoreNetworking"),
      "Modules/Feature/Tests/FeatureATests/FeatureATests.swift:1: error: [implicit-import] FeatureATests "
        + "imports CoreTestSupport without declaring it as a direct dependency; fix: Modules/Core vends no "
        + "product containing CoreTestSupport: add .library(name: \"CoreTestSupport\", targets: "
        + "[\"CoreTestSupport\"]) to its products, then add .product(name: \"CoreTestSupport\", package: "
        + "\"Core\") to the dependencies of FeatureATests in Modules/Feature/Package.swift",
      // SwiftPM's default folder here is src/ (the package has no Sources/): describe says so.
      "Tools/Lint/src/LintRules/Rules.swift:1: error: [implicit-import] LintRules imports CoreUtils without "
        + "declaring it as a direct dependency; fix: add .product(name: \"CoreKit\", package: \"Core\") to the "
        + "dependencies of LintRules in Tools/Lint/Package.swift, and .package(path: \"../../Modules/Core\") to "
        + "its package dependencies",
      "Tools/Lint/src/lint/main.swift:1: error: [implicit-import] lint imports CoreModels without "
        + "declaring it as a direct dependency; fix: add .product(name: \"CoreKit\", package: \"Core\") to the "
        + "dependencies of lint in Tools/Lint/Package.swift, and .package(path: \"../../Modules/Core\") to its "
        + "package dependencies",
      "11 modules in 3 packages: 9 error(s), 0 warning(s), 0 known",
    ])
}

@Test func importOfDeletedOrFarMisspeltModule_noRules_isReportedButToolchainSDKAndGuardedImportsAreNot()
  throws
{
  let lines = try Foreign.lines("multi-package")
  // FeatureD still imports CoreNetworking, deleted from Core; FeatureC means CoreUtils, four
  // letters away, too far for a slip.
  #expect(lines.contains(Foreign.unknownImport("FeatureD", "CoreNetworking")))
  #expect(lines.contains(Foreign.unknownImport("FeatureC", "CoreUtilities")))
  // Dispatch and Foundation are the toolchain's, SwiftUI an Apple SDK's; UIKit and AndroidLogging
  // sit inside a platform #if.
  for name in ["Dispatch", "Foundation", "SwiftUI", "UIKit", "AndroidLogging"] {
    #expect(!lines.contains { $0.contains("imports \(name),") }, "unexpected finding about \(name)")
  }
}

@Test func unknownImport_warningSeverityAndSystemModulesInTheRules_downgradeOrAcceptTheImport() throws {
  let rules = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID()).json")
  defer { try? FileManager.default.removeItem(at: rules) }
  try Data(#"{"severities": {"unknown-import": "warning"}, "systemModules": ["CoreNetworking"]}"#.utf8)
    .write(to: rules)

  let lines = try Foreign.lines("multi-package", ["--rules", rules.path])

  #expect(!lines.contains { $0.contains("CoreNetworking") })
  #expect(
    lines.contains {
      $0.hasPrefix("Modules/Feature/Sources/FeatureC/FeatureC.swift:1: warning: [unknown-import]")
    })
}

@Test func folderWithoutPackages_check_failsSayingWhereItLooked() throws {
  let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-packages-\(UUID())")
  try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: empty) }
  let error = #expect(throws: GraphError.self) {
    try GraphCommand(arguments: ["--root", empty.path, "--manifests", "files"]).run()
  }
  #expect(error?.description.contains("no Package.swift found anywhere under \(empty.path)") == true)
}

@Test func severities_offAndWarning_dropOrDowngradeThoseRules() throws {
  let rules = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID()).json")
  defer { try? FileManager.default.removeItem(at: rules) }
  try Data(#"{"severities": {"implicit-import": "off", "testable-import": "warning"}}"#.utf8).write(to: rules)

  let result = try Foreign.run("root-package", ["--rules", rules.path])

  #expect(!result.output.contains("[implicit-import]"))
  #expect(result.output.contains("DailyChallengeFeature.swift:3: warning: [testable-import]"))
  #expect(result.output.hasSuffix("24 modules in 1 packages: 4 error(s), 1 warning(s), 0 known"))
}

@Test func githubFormat_printsAnAnnotationPerViolationWithEscapedProperties() throws {
  let lines = try Foreign.lines("root-package", ["--format", "github"])
  #expect(
    lines.contains(
      "::error file=Sources/GameCore/GameCore.swift,line=2,title=[implicit-import]::GameCore imports "
        + "ComposableArchitecture without declaring it as a direct dependency; fix: add .product(name: "
        + "\"ComposableArchitecture\", package: \"swift-composable-architecture\") to the dependencies of "
        + "GameCore in Package.swift"))
  #expect(lines.filter { $0.hasPrefix("::error ") }.count == 7)
  let violation = Violation(rule: "r", file: "a,b:c.swift", line: 3, message: "50%\nx", fix: "f", key: "k")
  #expect(
    GraphFormatter.githubAnnotation(violation, known: true)
      == "::notice file=a%2Cb%3Ac.swift,line=3,title=[r]::50%25%0Ax; fix: f")
}

@Test func sarifFormat_isSarif210WithOneResultPerViolation() throws {
  let result = try Foreign.run("root-package", ["--format", "sarif"])
  let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
  let run = try #require((log["runs"] as? [[String: Any]])?.first)
  let results = try #require(run["results"] as? [[String: Any]])
  #expect(log["version"] as? String == "2.1.0")
  #expect(results.count == 7)
  let first = try #require(results.first { $0["ruleId"] as? String == "conditional-import" })
  let location = (first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
  #expect(
    (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
      == "Sources/ServerConfig/ServerConfig.swift")
  #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 2)
  #expect(result.status == 1)
}

@Test func drawings_collapsedToPackages_drawOneNodePerPackageAndTheirEdges() throws {
  let result = try Foreign.run("multi-package", ["--format", "mermaid", "--collapse", "packages"])
  #expect(
    result.output.split(separator: "\n").map(String.init) == [
      "graph LR",
      "  Modules_Core[\"Modules/Core\"]",
      "  Modules_Feature[\"Modules/Feature\"]",
      "  Tools_Lint[\"Tools/Lint\"]",
      "  Modules_Feature --> Modules_Core",
      "  Tools_Lint -.->|undeclared| Modules_Core",
    ])
}

@Test func drawings_depthAndExclude_keepOnlyTheNearModulesThatMatch() throws {
  let result = try Foreign.run(
    "root-package", ["--format", "mermaid", "--focus", "HomeFeature", "--depth", "1", "--exclude", "Style*"])
  let nodes = result.output.split(separator: "\n").filter { $0.contains("[\"") && !$0.contains("subgraph") }
    .map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  #expect(
    nodes == ["GameFeature[\"GameFeature\"]", "HomeFeature[\"HomeFeature\"]", "AppFeature[\"AppFeature\"]"])
  let included = try Foreign.run("root-package", ["--format", "dot", "--include", "Game*"]).output
  #expect(included.contains("\"GameFeature\" -> \"GameCore\";"))
  #expect(!included.contains("HomeFeature"))
}

@Test func affectedSinceARevision_fileMovedToAnotherPackage_affectsTheModuleItLeftAndItsDependents() throws {
  let repo = FileManager.default.temporaryDirectory.appendingPathComponent("moved-\(UUID())")
  defer { try? FileManager.default.removeItem(at: repo) }
  try FileManager.default.copyItem(at: URL(fileURLWithPath: Fixture.root("multi-package")), to: repo)
  func git(_ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["git", "-C", repo.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
  }
  try git("init", "-q")
  try git("add", ".")
  try git("commit", "-qm", "start")
  try git(
    "mv", "Modules/Core/Sources/CoreModels/Models.swift", "Modules/Feature/Sources/FeatureC/Models.swift")

  let result = try GraphCommand(
    arguments: ["--root", repo.path, "--manifests", "files", "affected", "--base", "HEAD", "--packages"]
  ).run()

  // Seen as a rename, only FeatureC's package would be listed.
  #expect(result.output.split(separator: "\n") == ["Modules/Core", "Modules/Feature", "Tools/Lint"])
  #expect(throws: GraphError.self) {
    try GraphCommand(arguments: ["--root", repo.path, "--manifests", "files", "affected", "--base", "nope"])
      .run()
  }
}
