import Foundation
import Synchronization
import Testing

@testable import GraphCheckerCore

/// How many times a fake dump ran.
final class DumpCount: Sendable {
  let count = Mutex(0)
}

/// Manifests whose answer depends on more than their text: the cache must not hide what they find.
@Suite struct ComputedManifestTests {
  let package = FileManager.default.temporaryDirectory.appendingPathComponent("computed-\(UUID())")
  let cache = FileManager.default.temporaryDirectory.appendingPathComponent("computed-cache-\(UUID())")
  let dumps = DumpCount()

  init() throws {
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Sources/FeatureA"), withIntermediateDirectories: true)
  }

  func source() -> DumpPackageSource {
    DumpPackageSource(cacheDir: cache, toolchain: "swift-6.3.1") { [dumps] _ in
      dumps.count.withLock { $0 += 1 }
      return Data("{}".utf8)
    }
  }

  func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: package.appendingPathComponent(path))
  }

  @Test func manifestListingFolders_newModuleFolder_dumpsAgain() throws {
    defer { for url in [package, cache] { try? FileManager.default.removeItem(at: url) } }
    try write(
      "Package.swift",
      """
      import Foundation
      import PackageDescription
      let features = try FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Sources")
      let package = Package(name: "Computed", targets: features.map { .target(name: $0) })
      """)
    _ = try source().manifestJSON(packageDir: package)
    _ = try source().manifestJSON(packageDir: package)
    #expect(dumps.count.withLock { $0 } == 1)

    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Sources/FeatureB"), withIntermediateDirectories: true)
    _ = try source().manifestJSON(packageDir: package)

    #expect(dumps.count.withLock { $0 } == 2)
  }

  @Test func manifestReadingTheEnvironment_isDumpedEveryTime() throws {
    defer { for url in [package, cache] { try? FileManager.default.removeItem(at: url) } }
    try write(
      "Package.swift",
      """
      import PackageDescription
      let extra = Context.environment["EXTRA_MODULES"] ?? ""
      let package = Package(name: "Computed", targets: extra.split(separator: ",").map { .target(name: String($0)) })
      """)

    _ = try source().manifestJSON(packageDir: package)
    _ = try source().manifestJSON(packageDir: package)

    #expect(dumps.count.withLock { $0 } == 2)
  }
}

@Test func imports_backtickNameAndTestableAttribute_areRead() {
  let imports = ImportScanner.imports(
    in: "import `FanProfile`\n@testable import CommonKit\nimport Foundation\n")
  #expect(imports.map(\.module) == ["FanProfile", "CommonKit", "Foundation"])
  #expect(imports.map(\.isTestable) == [false, true, false])
}

@Test func platformGuardedLines_insideCanImportOrOsChains_only() {
  let words = ImportScanner.tokens(
    "#if canImport(Glibc)\nimport Glibc\n#else\nimport Darwin\n#endif\nimport A\n#if DEBUG\nimport B\n#endif\n"
  )
  let guarded = ImportScanner.platformGuardedLines(in: words)
  #expect(guarded.contains(2) && guarded.contains(4))
  #expect(!guarded.contains(6) && !guarded.contains(8))
}

@Test func interfaceAvailability_extensionAndMemberVersions_becomePatternsWithTheirDeclaration() {
  let interface = """
    @available(macOS 26.0, iOS 26.0, *)
    public struct Span {
      public var count: Swift.Int { get }
    }
    @available(macOS 15.0, iOS 18.0, *)
    extension Swift.String {
      @available(macOS 26.0, iOS 26.0, *)
      public var utf8Span: Swift.UTF8Span { get }
      public var legacyName: Swift.Int { get }
      @available(macOS 26.0, iOS 26.0, *)
      public static func immediate() -> Swift.String
    }
    public struct Old {
      public var count: Swift.Int { get }
    }
    """
  let gated = InterfaceAvailability.gated(in: Array(interface.utf8))
  #expect(
    gated.map { "\($0.api) \($0.declaration ?? "") \($0.macOS)/\($0.iOS)" } == [
      "Span Span 26/26", "Span.count Span.count 26/26", ".utf8Span String.utf8Span 26/26",
      ".legacyName String.legacyName 15/18", "String.immediate String.immediate 26/26",
    ])
}

@Test func darwinBranches_appleConditionsAndTheElseOfALinuxCheck_only() {
  let source = """
    #if canImport(Glibc)
    import Glibc
    #else
    import Darwin
    let a = 1
    #endif
    #if os(macOS)
    let b = 2
    #elseif os(Linux)
    let c = 3
    #endif
    #if canImport(Glibc) || canImport(Darwin)
    let d = 4
    #endif
    #if DEBUG
    let e = 5
    #else
    let f = 6
    #endif
    """
  #expect(DarwinBranches.ranges(in: ImportScanner.tokens(source)) == [4...5, 8...8])
}
