import Foundation

/// The parts of `swift package dump-package` output the checker needs, with what
/// `swift package describe --type json` adds per target (its real path, c99 module name and
/// source files: SwiftPM's own answer, never derived here).
struct PackageManifest: Decodable {
  struct Product: Decodable {
    var name: String
    var targets: [String]
  }

  struct Target: Decodable {
    var name: String
    var type: String
    /// The folder of its sources, relative to the package: SwiftPM's answer from `describe`
    /// (the manifest's `path:` in a dump without it).
    var path: String?
    /// The name `import` uses (`SyncUI-macOS` is imported as `SyncUI_macOS`), from `describe`.
    var c99name: String?
    /// Its source files relative to ``path`` as SwiftPM found them (`describe`): no resources,
    /// nothing excluded, nothing inside a `.docc` catalog.
    var sourceFiles: [String]?
    var dependencies: [Dependency]
    /// Paths under the target's folder that are not its sources.
    var exclude: [String]?
    /// When set, the only paths under the target's folder that are its sources.
    var sources: [String]?
    /// Files the target bundles; an isolated package cannot carry them (see `IsolatedPackage`).
    var resources: [AnyJSON]?
    /// Build settings; an isolated package cannot carry them either.
    var settings: [AnyJSON]?
    /// A system library's pkg-config name.
    var pkgConfig: String?
  }

  /// A target dependency: `byName`, `target` or `product` (name, package), and the platforms
  /// of its `.when(platforms:)` condition.
  struct Dependency: Decodable {
    enum Kind: String, CodingKey { case byName, target, product }

    var kind: Kind
    var name: String
    var package: String?
    /// The platforms the dependency is limited to (lowercase: `linux`, `ios`); `nil` when it has
    /// no platform condition.
    var platforms: [String]?

    private struct Condition: Decodable { var platformNames: [String]? }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Kind.self)
      for key in [Kind.byName, .target, .product] where container.contains(key) {
        var values = try container.nestedUnkeyedContainer(forKey: key)
        kind = key
        name = try values.decode(String.self)
        // [name, package, moduleAliases, condition] for a product; [name, condition] otherwise.
        if key == .product {
          package = try values.decodeIfPresent(String.self)
          if !values.isAtEnd { _ = try values.decode(AnyJSON.self) }
        }
        if !values.isAtEnd, let condition = try values.decodeIfPresent(Condition.self) {
          platforms = condition.platformNames.flatMap { $0.isEmpty ? nil : $0 }
        }
        return
      }
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "unknown target dependency kind"))
    }
  }

  /// A package dependency; only its kind matters (`fileSystem`, `sourceControl`, `registry`).
  struct PackageDependency: Decodable {
    var kind: String
    var location: String
    /// SwiftPM's identity of the package (the folder's or the URL's last component, lowercased).
    var identity: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      guard let key = container.allKeys.first else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "empty package dependency"))
      }
      kind = key.stringValue
      let entries = try? container.decode([[String: AnyJSON]].self, forKey: key)
      let first = entries?.first
      location = first?["path"]?.string ?? first?["identity"]?.string ?? key.stringValue
      identity =
        first?["identity"]?.string ?? location.split(separator: "/").last.map(String.init) ?? location
    }
  }

  /// A declared minimum platform (`platformName` is lowercase: `macos`, `ios`).
  struct Platform: Decodable {
    var platformName: String
    var version: String
  }

  var name: String
  var platforms: [Platform]?
  var products: [Product]
  var targets: [Target]
  var dependencies: [PackageDependency]
}

struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Just enough JSON to read a string field of an otherwise ignored object.
enum AnyJSON: Decodable {
  case string(String)
  case other

  var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(String.self) { self = .string(value) } else { self = .other }
  }
}
