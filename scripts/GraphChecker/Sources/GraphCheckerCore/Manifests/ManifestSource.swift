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

/// Runs `swift package dump-package`, caching the JSON by a hash of `Package.swift` and the path.
public struct DumpPackageSource: ManifestSource {
  /// Where cached dumps live (created on demand).
  public var cacheDir: URL

  /// Creates a source caching into `cacheDir`.
  public init(cacheDir: URL) { self.cacheDir = cacheDir }

  /// Returns the cached dump when `Package.swift` is unchanged, otherwise runs SwiftPM.
  public func manifestJSON(packageDir: URL) throws -> Data {
    let manifest = packageDir.appendingPathComponent("Package.swift")
    let contents = try Data(contentsOf: manifest)
    let key = Hashing.fnv1a64(contents + Data(packageDir.standardizedFileURL.path.utf8))
    let cached = cacheDir.appendingPathComponent("\(key).json")
    if let data = try? Data(contentsOf: cached) { return data }
    let data = try runDumpPackage(packageDir)
    try? FileManager.default.createDirectory(at: cacheDir, withIntermediateDirectories: true)
    try? data.write(to: cached, options: .atomic)
    return data
  }

  private func runDumpPackage(_ packageDir: URL) throws -> Data {
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
