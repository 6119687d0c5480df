import Foundation
import Testing

@testable import GraphCheckerCore

/// The checked-in fixture trees (`scripts/GraphChecker/Fixtures/<name>`), checked with the real rules.
enum Fixture {
  static let checkerDir = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let rules = checkerDir.deletingLastPathComponent().appendingPathComponent("graph-rules.json")

  static func root(_ name: String) -> String {
    checkerDir.appendingPathComponent("Fixtures/\(name)").path
  }

  /// Runs the command on fixture `name` (manifest.json files, no baseline unless given).
  static func run(_ name: String, _ extra: [String] = []) throws -> GraphCommand.Result {
    try GraphCommand(
      arguments: [
        "--root", root(name), "--rules", rules.path, "--manifests", "files",
        "--baseline", FileManager.default.temporaryDirectory.appendingPathComponent("no-baseline.json").path,
        // One cache of the toolchain's interfaces for every test, outside the fixture trees.
        "--cache", FileManager.default.temporaryDirectory.appendingPathComponent("graph-checker-tests").path,
      ] + extra
    ).run()
  }

  /// The violation lines of fixture `name` (its output without the summary line).
  static func violations(_ name: String) throws -> (lines: [String], status: Int32) {
    let result = try run(name)
    return (
      result.output.split(separator: "\n").map(String.init).filter { !$0.contains(" modules in ") },
      result.status
    )
  }
}

@Test func cleanTree_check_reportsNoViolation() throws {
  let result = try Fixture.run("clean")
  #expect(result.output == "13 modules in 4 packages: 0 error(s), 0 warning(s), 0 known")
  #expect(result.status == 0)
}

@Test func featureImportingFeature_check_reportsLayerAtDependencyLine() throws {
  let (lines, status) = try Fixture.violations("feature-to-feature")
  #expect(
    lines == [
      "Packages/FanApp/Package.swift:15: error: [layer] FanChat (feature) depends on FanProfile (feature); "
        + "feature may import only: client, messaging, data-model, core, architecture, dependencies; "
        + "fix: move the code that needs FanProfile to a layer allowed to use it, or depend on an interface instead"
    ])
  #expect(status == 1)
}

@Test func reducerImportingTerminalKit_check_reportsItButNotItsView() throws {
  let (lines, status) = try Fixture.violations("reducer-imports-ui")
  #expect(
    lines == [
      "Packages/FanApp/Package.swift:18: error: [layer] FanChat (feature) depends on FrommUI (platform-ui); "
        + "feature may import only: client, messaging, data-model, core, architecture, dependencies; "
        + "fix: move the code that needs FrommUI to a layer allowed to use it, or depend on an interface instead"
    ])
  #expect(status == 1)
}

@Test func testSupportUsedByASourceModuleOrUsingAFeature_check_reportsBothButNotTheTestUsingIt() throws {
  let (lines, status) = try Fixture.violations("test-support")
  #expect(
    lines == [
      "Packages/FanApp/Package.swift:13: error: [layer] FanCoordinator (coordinator) depends on FanAppTestSupport "
        + "(test-support); coordinator may import only: feature, client, messaging, data-model, core, architecture, "
        + "dependencies; fix: move the code that needs FanAppTestSupport to a layer allowed to use it, or depend "
        + "on an interface instead",
      "Packages/FanApp/Package.swift:14: error: [layer] FanAppTestSupport (test-support) depends on FanChat "
        + "(feature); test-support may import only: architecture-testing, client, data-model, core, "
        + "architecture, sharing, dependencies; fix: move the code that needs FanChat to a layer allowed to use "
        + "it, or depend on an interface instead",
    ])
  #expect(status == 1)
}

@Test func fanImportingArti_check_reportsFanArtiButNotArtistClient() throws {
  let (lines, status) = try Fixture.violations("fan-arti")
  #expect(
    lines == [
      "Packages/FanApp/Package.swift:19: error: [fan-arti] FanCoordinator depends on ArtiRoom; "
        + "fix: fan and arti modules never import each other; move shared code to a client, data-model or core module"
    ])
  #expect(status == 1)
}

@Test func testImportingLiveOutsideApp_check_reportsLiveOnlyInApps() throws {
  let (lines, status) = try Fixture.violations("live-outside-app")
  #expect(
    lines == [
      "Packages/Client/Package.swift:25: error: [live-only-in-apps] AuthClientTests depends on AuthClientLive; "
        + "fix: only the apps (and the …Live module's own tests) may use a …Live module; "
        + "depend on the interface module and inject the live value in the app"
    ])
  #expect(status == 1)
}

@Test func twoClientsDependingOnEachOther_check_reportsCycleAtOneEdge() throws {
  let (lines, status) = try Fixture.violations("cycle")
  #expect(
    lines == [
      "Packages/Client/Package.swift:15: error: [cycle] dependency cycle among ArtistClient, AuthClient; "
        + "fix: break the cycle: move the shared code into a lower-layer module both can import"
    ])
  #expect(status == 1)
}

@Test func urlPackageDependency_check_reportsRemotePackage() throws {
  let (lines, status) = try Fixture.violations("remote-package")
  #expect(
    lines == [
      "Packages/CommonKit/Package.swift:11: error: [remote-package] Packages/CommonKit depends on the remote "
        + "package swift-collections; fix: remove it; only local .package(path:) dependencies and the toolchain "
        + "are allowed"
    ])
  #expect(status == 1)
}

@Test func undeclaredImport_check_reportsImplicitImportAtImportLine() throws {
  let (lines, status) = try Fixture.violations("implicit-import")
  #expect(
    lines == [
      "Packages/Client/Sources/AuthClient/AuthClient.swift:1: error: [implicit-import] AuthClient imports "
        + "CommonKit without declaring it as a direct dependency; fix: add .product(name: \"CommonKit\", "
        + "package: \"CommonKit\") to the dependencies of AuthClient in Packages/Client/Package.swift"
    ])
  #expect(status == 1)
}

@Test func declaredButNotImported_check_reportsUnusedDependencyAtDependencyLine() throws {
  let (lines, status) = try Fixture.violations("unused-dependency")
  #expect(
    lines == [
      "Packages/Client/Package.swift:17: error: [unused-dependency] AuthClient declares CommonKit but none of "
        + "its sources imports it; fix: remove .product(name: \"CommonKit\", package: \"CommonKit\") from the "
        + "dependencies of AuthClient, or import it where it is used"
    ])
  #expect(status == 1)
}

@Test func libraryWithoutDependents_check_reportsOrphanAtTargetNotProduct() throws {
  let (lines, status) = try Fixture.violations("orphan-module")
  #expect(
    lines == [
      "Packages/CommonKit/Package.swift:12: error: [orphan-module] no module depends on CommonKit (not even a "
        + "test); fix: add a test target for CommonKit, use it from its consumer, or delete it"
    ])
  #expect(status == 1)
}

@Test func moduleMatchingNoLayer_check_reportsUnknownLayer() throws {
  let (lines, status) = try Fixture.violations("unknown-layer")
  #expect(
    lines == [
      "Packages/Misc/Package.swift:12: error: [unknown-layer] Misc matches no layer of the rules; fix: rename "
        + "it to match a layer's pattern or add it to a layer in scripts/graph-rules.json"
    ])
  #expect(status == 1)
}

@Test func knownViolation_inBaseline_isReportedAsKnownAndPasses() throws {
  let baseline = FileManager.default.temporaryDirectory
    .appendingPathComponent("graph-baseline-\(UUID().uuidString).json")
  defer { try? FileManager.default.removeItem(at: baseline) }
  _ = try Fixture.run("orphan-module", ["--baseline", baseline.path, "--update-baseline"])
  let result = try Fixture.run("orphan-module", ["--baseline", baseline.path])
  #expect(result.output.hasPrefix("Packages/CommonKit/Package.swift:12: known: [orphan-module]"))
  #expect(result.status == 0)
}

@Test func cleanTree_focus_listsUsersAndUses() throws {
  let result = try Fixture.run("clean", ["--focus", "AuthClient"])
  #expect(
    result.output.split(separator: "\n").map(String.init) == [
      "AuthClient (client, library in Packages/Client, Packages/Client/Sources/AuthClient)",
      "  uses directly:      CommonKit",
      "  uses transitively:  ",
      "  used directly by:   AuthClientLive, AuthClientTests, FanChat",
      "  used transitively:  AuthClientLiveTests, FanChatTests, FanCoordinator, FanCoordinatorTests, fan",
    ])
}

@Test func importsOnOneLineOrSplitOverLines_check_reportsEachFilesUndeclaredImport() throws {
  let (lines, status) = try Fixture.violations("evasive-imports")
  let message =
    "error: [implicit-import] AuthClientTests imports CommonKit without declaring it as a direct dependency; "
    + "fix: add .product(name: \"CommonKit\", package: \"CommonKit\") to the dependencies of AuthClientTests "
    + "in Packages/Client/Package.swift"
  #expect(
    lines == [
      "Packages/Client/Tests/AuthClientTests/OneLineTests.swift:3: " + message,
      "Packages/Client/Tests/AuthClientTests/SplitTests.swift:5: " + message,
    ])
  #expect(status == 1)
}

@Test func sameUndeclaredImportInASecondFile_baselineOfTheFirst_stillFails() throws {
  let baseline = FileManager.default.temporaryDirectory
    .appendingPathComponent("graph-baseline-\(UUID().uuidString).json")
  defer { try? FileManager.default.removeItem(at: baseline) }
  try Baseline(known: [
    "implicit-import|AuthClientTests|CommonKit|Packages/Client/Tests/AuthClientTests/OneLineTests.swift"
  ]).write(to: baseline)
  let result = try Fixture.run("evasive-imports", ["--baseline", baseline.path])
  #expect(result.output.contains("OneLineTests.swift:3: known: [implicit-import]"))
  #expect(result.output.contains("SplitTests.swift:5: error: [implicit-import]"))
  #expect(result.status == 1)
}

@Test func duplicateAndCaseOnlyNamesAndAnArtiFeatureNamedArtist_check_reportsEach() throws {
  let (lines, status) = try Fixture.violations("name-collisions")
  #expect(
    lines == [
      "Packages/CommonKit/Package.swift:11: error: [duplicate-module] module names differ only by case: "
        + "Commonkit (Packages/ArtiApp), CommonKit (Packages/CommonKit); fix: rename one of them: module names "
        + "must be unique in the repository, ignoring case",
      "Packages/FanApp/Package.swift:14: error: [duplicate-module] module name FanChat is declared more than "
        + "once: FanChat (Packages/ArtiApp), FanChat (Packages/FanApp); fix: rename one of them: module names "
        + "must be unique in the repository, ignoring case",
      "Packages/FanApp/Package.swift:19: error: [fan-arti] FanCoordinator depends on ArtistBio; fix: fan and "
        + "arti modules never import each other; move shared code to a client, data-model or core module",
    ])
  #expect(status == 1)
}

@Test func excludedAndNonSourceFilesAndAUsedRemoteProduct_check_reportOnlyTheRemotePackage() throws {
  let (lines, status) = try Fixture.violations("excluded-sources")
  #expect(
    lines == [
      "Packages/CommonKit/Package.swift:11: error: [remote-package] Packages/CommonKit depends on the remote "
        + "package swift-collections; fix: remove it; only local .package(path:) dependencies and the toolchain "
        + "are allowed"
    ])
  #expect(status == 1)
}

@Test func apiAboveDeclaredPlatformsAndLinuxCallOutsideACheck_check_reportsEachWithFileAndLine() throws {
  let (lines, status) = try Fixture.violations("portability")
  let immediate =
    "error: [availability] CommonKit uses Task.immediate, which needs macOS 26 / iOS 26, but Packages/CommonKit "
    + "declares macOS 15, iOS 18 and nothing guards this use; fix: wrap it in `if #available(macOS 26, iOS 26, *) "
    + "{ … } else { … }` (or mark the declaration @available), or raise the platforms of "
    + "Packages/CommonKit/Package.swift"
  #expect(
    lines == [
      "Packages/CommonKit/Sources/CommonKit/Descriptors.swift:16: error: [platform-only] CommonKit uses Glibc, "
        + "which exists only on Linux, outside a platform check; fix: put it inside `#if canImport(Glibc)` with a "
        + "branch for the other platforms (or behind a seam that has one)",
      "Packages/CommonKit/Sources/CommonKit/Effects.swift:7: " + immediate,
      "Packages/CommonKit/Sources/CommonKit/Effects.swift:30: " + immediate,
      "Packages/CommonKit/Sources/CommonKit/Spans.swift:4: error: [availability] CommonKit uses String.utf8Span, "
        + "which needs macOS 26 / iOS 26, but Packages/CommonKit declares macOS 15, iOS 18 and nothing guards "
        + "this use; fix: wrap it in `if #available(macOS 26, iOS 26, *) { … } else { … }` (or mark the "
        + "declaration @available), or raise the platforms of Packages/CommonKit/Package.swift",
      "Packages/FanApp/Package.swift:6: error: [platforms] Packages/FanApp holds FanChat (feature), which an iOS "
        + "app uses, but declares no iOS platform; fix: add .iOS(.vNN) to its platforms: the lowest iOS that has "
        + "every API it uses",
    ])
  #expect(status == 1)
}

@Test func applePackages_listsPackagesOfTheLayersAnIOSAppUses() throws {
  #expect(
    try Fixture.run("clean", ["apple-packages"]).output.split(separator: "\n")
      == ["Packages/Client", "Packages/CommonKit", "Packages/FanApp"])
}

@Test func appleProducts_listsOnlyLibraryProductsOfTheLayersAnIOSAppUses() throws {
  #expect(
    try Fixture.run("clean", ["apple-products"]).output.split(separator: "\n")
      == [
        "Packages/Client AuthClient", "Packages/Client AuthClientLive", "Packages/CommonKit CommonKit",
        "Packages/FanApp FanChat", "Packages/FanApp FanCoordinator",
      ])
}

@Test func appleLayers_layerThatMayImportATerminalLayer_isReported() throws {
  let rules = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID()).json")
  defer { try? FileManager.default.removeItem(at: rules) }
  try Data(
    #"""
    {"layers": [
      {"name": "ui", "modules": ["Styleguide"], "mayImport": []},
      {"name": "feature", "modules": ["*Feature"], "mayImport": ["ui"]}
    ],
    "portability": {"availability": [], "linuxOnly": [], "darwinOnly": [], "appleLayers": ["feature"]}}
    """#.utf8
  ).write(to: rules)

  let lines = try Foreign.lines("root-package", ["--rules", rules.path])

  #expect(
    lines.contains(
      "scripts/graph-rules.json:1: error: [apple-layers] the layer feature, which an iOS app uses "
        + "(`portability.appleLayers`), may import ui, which is not one of those layers, so an iOS build of its "
        + "products would build ui too; fix: remove ui from the mayImport of feature, or add it to "
        + "`portability.appleLayers` if an iOS app uses it"))
}
