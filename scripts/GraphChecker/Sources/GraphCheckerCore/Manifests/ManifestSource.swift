import Foundation

/// Supplies the JSON of `swift package dump-package` for a package directory.
///
/// Injectable so tests read checked-in JSON instead of running SwiftPM.
public protocol ManifestSource: Sendable {
  /// Returns the dump-package JSON of the package in `packageDir`.
  func manifestJSON(packageDir: URL) throws -> Data
}

/// Reads `manifest.json` next to `Package.swift` (used by fixture trees).
public struct FileManifestSource: ManifestSource {
  /// Creates the source.
  public init() {}

  /// Reads `packageDir/manifest.json`.
  public func manifestJSON(packageDir: URL) throws -> Data {
    let url = packageDir.appendingPathComponent("manifest.json")
    do {
      return try Data(contentsOf: url)
    } catch {
      throw GraphError("cannot read \(url.path): \(error.localizedDescription)")
    }
  }
}

/// Runs `swift package dump-package` and `swift package describe --type json`, caching their
/// merged JSON by a hash of `Package.swift`, its path, the toolchain and the names of the
/// package's files.
///
/// A dump costs a SwiftPM start and a manifest compile (seconds each, a minute for a repository's
/// packages on a loaded machine), so a warm graph check runs no process at all. What SwiftPM
/// answers changes with the manifest's text, the SwiftPM that reads it, and the files it finds
/// (`describe` lists each target's sources; a manifest may list folders to make its targets), so
/// the key covers all three. A manifest that reads the environment (`ProcessInfo`, `getenv`,
/// `Context.environment`) can answer differently with the same files, so it is never cached.
public struct DumpPackageSource: ManifestSource {
  /// Where cached dumps live (created on demand).
  public var cacheDir: URL
  /// Identifies the toolchain whose SwiftPM writes the dumps (see ``ToolchainIdentity``): a dump
  /// from another toolchain may differ, so it is part of the key.
  public var toolchain: String
  /// Produces the merged dump of a package directory (by default, runs SwiftPM).
  public var dump: @Sendable (URL) throws -> Data

  /// Creates a source caching into `cacheDir`, for the toolchain `swift` on `PATH` is.
  public init(
    cacheDir: URL, toolchain: String = ToolchainIdentity.current(),
    dump: @escaping @Sendable (URL) throws -> Data = DumpPackageSource.runDumpPackage
  ) {
    self.cacheDir = cacheDir
    self.toolchain = toolchain
    self.dump = dump
  }

  /// Returns the cached dump when `Package.swift`, the toolchain and the package's file names
  /// are unchanged, otherwise runs SwiftPM and caches its answer.
  public func manifestJSON(packageDir: URL) throws -> Data {
    let manifest = packageDir.appendingPathComponent("Package.swift")
    let contents: Data
    do {
      contents = try Data(contentsOf: manifest)
    } catch {
      throw GraphError("cannot read \(manifest.path): \(error.localizedDescription)")
    }
    if Self.readsEnvironment(contents) { return try dump(packageDir) }
    let files = Self.fileNames(under: packageDir).joined(separator: "\n")
    let key = Hashing.fnv1a64(
      contents + Data("\0\(packageDir.standardizedFileURL.path)\0\(toolchain)\0\(files)".utf8))
    let cached = cacheDir.appendingPathComponent("\(key).json")
    if let data = try? Data(contentsOf: cached), !data.isEmpty { return data }
    let data = try dump(packageDir)
    try? FileManager.default.createDirectory(at: cacheDir, withIntermediateDirectories: true)
    try? data.write(to: cached, options: .atomic)
    return data
  }

  /// Whether a manifest's text reads the environment, so that its answer can change while its
  /// text and the files around it do not.
  static func readsEnvironment(_ manifest: Data) -> Bool {
    let words = Set(ImportScanner.codeTokens(utf8: Array(manifest)).map(\.text))
    return !words.isDisjoint(with: ["ProcessInfo", "getenv", "environment", "environ"])
  }

  /// The paths of the files under `dir` (relative, sorted), leaving out hidden entries and build
  /// folders: what `describe` sees, and what a manifest listing folders can see.
  static func fileNames(under dir: URL) -> [String] {
    let fm = FileManager.default
    guard let enumerator = fm.enumerator(atPath: dir.path) else { return [] }
    var names: [String] = []
    while let path = enumerator.nextObject() as? String {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      if name.hasPrefix(".") {
        enumerator.skipDescendants()
        continue
      }
      names.append(path)
    }
    return names.sorted()
  }

  /// Runs `swift package dump-package` and `swift package describe --type json` in `packageDir`
  /// and adds to each target of the dump what `describe` says of it: `path` (the real folder,
  /// also when the manifest leaves it to SwiftPM's default), `c99name` (the name `import` uses)
  /// and `sourceFiles` (relative to `path`).
  public static func runDumpPackage(_ packageDir: URL) throws -> Data {
    let dump = try runSwiftPackage(["dump-package"], in: packageDir)
    let description = try runSwiftPackage(["describe", "--type", "json"], in: packageDir)
    return try merge(dump: dump, describe: description)
  }

  /// The dump with `path`, `c99name` and `sourceFiles` of each target taken from `describe`.
  static func merge(dump: Data, describe: Data) throws -> Data {
    guard var manifest = try JSONSerialization.jsonObject(with: dump) as? [String: Any],
      let targets = manifest["targets"] as? [[String: Any]],
      let described = (try JSONSerialization.jsonObject(with: describe) as? [String: Any])?["targets"]
        as? [[String: Any]]
    else { throw GraphError("SwiftPM's dump-package or describe output has no targets") }
    let byName = Dictionary(
      described.compactMap { target in (target["name"] as? String).map { ($0, target) } },
      uniquingKeysWith: { first, _ in first })
    manifest["targets"] = targets.map { target -> [String: Any] in
      guard let name = target["name"] as? String, let facts = byName[name] else { return target }
      var merged = target
      merged["path"] = facts["path"] ?? target["path"]
      merged["c99name"] = facts["c99name"]
      merged["sourceFiles"] = facts["sources"] ?? []
      return merged
    }
    return try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
  }

  private static func runSwiftPackage(_ arguments: [String], in packageDir: URL) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", packageDir.path] + arguments
    let out = Pipe()
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("graph-checker-\(UUID()).err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errors) }
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw GraphError(
        "swift package \(arguments[0]) failed in \(packageDir.path): \(message) (fix Package.swift so it loads)"
      )
    }
    return data
  }
}

/// Names the Swift toolchain that `swift` on `PATH` runs, cheaply: a graph check must not spend
/// a process start (≈ 0.5 s) on `swift --version` each time.
public enum ToolchainIdentity {
  /// The resolved paths, sizes and modification times of `swift` and the `swift-package` next to
  /// it, and the settings that pick a toolchain without changing those files (`TOOLCHAINS`,
  /// `DEVELOPER_DIR`, Xcode's selected folder, swiftly's `.swift-version` in the current folder).
  public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let fm = FileManager.default
    var parts: [String] = []
    if let resolved = swift(environment: environment) {
      for file in [resolved, resolved.deletingLastPathComponent().appendingPathComponent("swift-package")] {
        guard let attributes = try? fm.attributesOfItem(atPath: file.path) else { continue }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        parts.append("\(file.path):\(attributes[.size] ?? 0):\(modified)")
      }
    }
    for name in ["TOOLCHAINS", "DEVELOPER_DIR", "SWIFTLY_TOOLCHAIN"] {
      if let value = environment[name] { parts.append("\(name)=\(value)") }
    }
    if let xcode = try? fm.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link") {
      parts.append("xcode=\(xcode)")
    }
    if let pinned = try? String(contentsOfFile: ".swift-version", encoding: .utf8) {
      parts.append("swift-version=\(pinned)")
    }
    return parts.joined(separator: "|")
  }

  /// The first `swift` on `PATH`, symbolic links resolved: its toolchain's `usr/bin/swift`.
  static func swift(environment: [String: String]) -> URL? {
    let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return path.lazy.map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
      .map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
  }
}

/// A 64-bit FNV-1a hash: enough to key a cache, no crypto library needed.
enum Hashing {
  static func fnv1a64(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}

/// An error whose message tells a person what went wrong and what to do.
public struct GraphError: Error, CustomStringConvertible, Sendable {
  /// The message.
  public var description: String
  /// Creates an error with `description`.
  public init(_ description: String) { self.description = description }
}
