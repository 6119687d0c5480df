import Foundation
import Synchronization
import Testing

@testable import GraphCheckerCore

/// A copy of a fixture tree in a temporary folder, checked through `DumpPackageSource` (so with
/// the manifest cache) whose dump reads the copy's `manifest.json` files and counts the runs.
final class CachedFixture: Sendable {
  let root: URL
  let cache: URL
  private let dumped = Mutex<[String]>([])

  init(_ name: String) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-cache-\(UUID())")
    root = scratch.appendingPathComponent("repo")
    cache = scratch.appendingPathComponent("cache")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Fixture.root(name)), to: root)
  }

  deinit { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

  /// The package directories dumped so far (relative to the root), in order.
  var dumps: [String] { dumped.withLock { $0 } }

  func source(toolchain: String = "swift-6.3.1") -> DumpPackageSource {
    let root = root.standardizedFileURL.path
    return DumpPackageSource(cacheDir: cache, toolchain: toolchain) { [self] dir in
      self.dumped.withLock { $0.append(String(dir.standardizedFileURL.path.dropFirst(root.count + 1))) }
      return try FileManifestSource().manifestJSON(packageDir: dir)
    }
  }

  /// The violations of the tree, as the command reports them.
  func check() throws -> [Violation] {
    let rules = try Rules.load(from: Fixture.rules)
    let graph = try GraphLoader(root: root, manifests: source()).load(rules: rules)
    let root = root
    return Checker(rules: rules) { dir in
      try? String(contentsOf: root.appendingPathComponent("\(dir)/Package.swift"), encoding: .utf8)
    }
    .check(graph)
  }

  func edit(_ path: String, _ change: (String) -> String) throws {
    let url = root.appendingPathComponent(path)
    try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
  }
}

@Test func dumpPackageSource_unchangedManifest_answersFromTheCacheWithoutDumping() throws {
  let fixture = try CachedFixture("clean")
  let dir = fixture.root.appendingPathComponent("Packages/CommonKit")

  let first = try fixture.source().manifestJSON(packageDir: dir)
  let again = try fixture.source().manifestJSON(packageDir: dir)

  #expect(fixture.dumps == ["Packages/CommonKit"])
  #expect(again == first)
}

@Test func dumpPackageSource_editedManifest_dumpsAgain() throws {
  let fixture = try CachedFixture("clean")
  let dir = fixture.root.appendingPathComponent("Packages/CommonKit")
  _ = try fixture.source().manifestJSON(packageDir: dir)

  try fixture.edit("Packages/CommonKit/Package.swift") { $0 + "// one more line\n" }
  _ = try fixture.source().manifestJSON(packageDir: dir)

  #expect(fixture.dumps == ["Packages/CommonKit", "Packages/CommonKit"])
}

@Test func dumpPackageSource_otherToolchain_dumpsAgain() throws {
  let fixture = try CachedFixture("clean")
  let dir = fixture.root.appendingPathComponent("Packages/CommonKit")
  _ = try fixture.source(toolchain: "swift-6.3.1").manifestJSON(packageDir: dir)

  _ = try fixture.source(toolchain: "swift-6.4").manifestJSON(packageDir: dir)
  _ = try fixture.source(toolchain: "swift-6.4").manifestJSON(packageDir: dir)

  #expect(fixture.dumps == ["Packages/CommonKit", "Packages/CommonKit"])
}

@Test func dumpPackageSource_failingDump_cachesNothing() throws {
  let fixture = try CachedFixture("clean")
  let dir = fixture.root.appendingPathComponent("Packages/CommonKit")
  let failing = DumpPackageSource(cacheDir: fixture.cache, toolchain: "swift-6.3.1") { _ in
    throw GraphError("swift package dump-package failed")
  }

  #expect(throws: GraphError.self) { try failing.manifestJSON(packageDir: dir) }
  _ = try fixture.source().manifestJSON(packageDir: dir)

  #expect(fixture.dumps == ["Packages/CommonKit"])
}

@Test func warmCheck_sourceGainsAnUndeclaredImport_reportsItWithoutDumping() throws {
  let fixture = try CachedFixture("clean")
  #expect(try fixture.check().isEmpty)
  let cold = fixture.dumps.count

  try fixture.edit("Packages/FanApp/Sources/FanCoordinator/FanCoordinator.swift") {
    $0 + "import CommonKit\n"
  }
  let violations = try fixture.check()

  #expect(fixture.dumps.count == cold)
  #expect(
    violations.map { "\($0.file):\($0.line): [\($0.rule)]" } == [
      "Packages/FanApp/Sources/FanCoordinator/FanCoordinator.swift:5: [implicit-import]"
    ])
}

@Test func warmCheck_manifestDropsADependency_dumpsThatPackageAndReportsTheImport() throws {
  let fixture = try CachedFixture("clean")
  #expect(try fixture.check().isEmpty)
  let cold = fixture.dumps.count

  let authClient = #".product(name: "AuthClient", package: "Client"),"#
  try fixture.edit("Packages/FanApp/Package.swift") { $0.replacingOccurrences(of: authClient, with: "") }
  // What `swift package dump-package` answers for the edited manifest.
  try fixture.edit("Packages/FanApp/manifest.json") { json in
    guard
      var manifest = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      var targets = manifest["targets"] as? [[String: Any]],
      let chat = targets.firstIndex(where: { $0["name"] as? String == "FanChat" }),
      let dependencies = targets[chat]["dependencies"] as? [[String: Any]]
    else { return json }
    targets[chat]["dependencies"] = dependencies.filter {
      ($0["product"] as? [Any])?.first as? String != "AuthClient"
    }
    manifest["targets"] = targets
    return (try? JSONSerialization.data(withJSONObject: manifest)).map { String(decoding: $0, as: UTF8.self) }
      ?? json
  }
  let violations = try fixture.check()

  #expect(fixture.dumps.count == cold + 1)
  #expect(fixture.dumps.last == "Packages/FanApp")
  #expect(
    violations.map { "\($0.file):\($0.line): [\($0.rule)]" } == [
      "Packages/FanApp/Sources/FanChat/FanChat.swift:1: [implicit-import]"
    ])
}

@Test func toolchainIdentity_otherSwiftOnPath_differs() throws {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("toolchains-\(UUID())")
  defer { try? FileManager.default.removeItem(at: scratch) }
  for (name, size) in [("a", 10), ("b", 20)] {
    let bin = scratch.appendingPathComponent("\(name)/usr/bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for tool in ["swift", "swift-package"] {
      let url = bin.appendingPathComponent(tool)
      try Data(repeating: 0x23, count: size).write(to: url)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
  }
  let first = ToolchainIdentity.current(environment: ["PATH": scratch.path + "/a/usr/bin"])
  let second = ToolchainIdentity.current(environment: ["PATH": scratch.path + "/b/usr/bin"])
  let selected = ToolchainIdentity.current(
    environment: ["PATH": scratch.path + "/a/usr/bin", "TOOLCHAINS": "swift-6.4"])

  #expect(first.contains("/a/usr/bin/swift:10:"))
  #expect(first != second)
  #expect(first != selected)
}
