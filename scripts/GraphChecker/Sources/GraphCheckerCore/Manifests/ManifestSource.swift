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

/// Runs `swift package dump-package`, caching the JSON by a hash of `Package.swift`, its path and
/// the toolchain.
///
/// A dump costs a SwiftPM start and a manifest compile (seconds each, a minute for a repository's
/// packages on a loaded machine), and it changes only with the manifest's text or the SwiftPM
/// that reads it, so a warm graph check runs no process at all.
public struct DumpPackageSource: ManifestSource {
  /// Where cached dumps live (created on demand).
  public var cacheDir: URL
  /// Identifies the toolchain whose SwiftPM writes the dumps (see ``ToolchainIdentity``): a dump
  /// from another toolchain may differ, so it is part of the key.
  public var toolchain: String
  /// Produces the dump of a package directory (by default, runs SwiftPM).
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

  /// Returns the cached dump when `Package.swift` and the toolchain are unchanged, otherwise
  /// runs SwiftPM and caches its answer.
  public func manifestJSON(packageDir: URL) throws -> Data {
    let manifest = packageDir.appendingPathComponent("Package.swift")
    let contents: Data
    do {
      contents = try Data(contentsOf: manifest)
    } catch {
      throw GraphError("cannot read \(manifest.path): \(error.localizedDescription)")
    }
    let key = Hashing.fnv1a64(
      contents + Data("\0\(packageDir.standardizedFileURL.path)\0\(toolchain)".utf8))
    let cached = cacheDir.appendingPathComponent("\(key).json")
    if let data = try? Data(contentsOf: cached), !data.isEmpty { return data }
    let data = try dump(packageDir)
    try? FileManager.default.createDirectory(at: cacheDir, withIntermediateDirectories: true)
    try? data.write(to: cached, options: .atomic)
    return data
  }

  /// Runs `swift package dump-package` in `packageDir`.
  public static func runDumpPackage(_ packageDir: URL) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", packageDir.path, "dump-package"]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw GraphError(
        "swift package dump-package failed in \(packageDir.path): "
          + (String(data: errors, encoding: .utf8) ?? "") + " (fix Package.swift so it loads)")
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
    let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    if let swift = path.lazy.map({ "\($0)/swift" }).first(where: { fm.isExecutableFile(atPath: $0) }) {
      let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
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
