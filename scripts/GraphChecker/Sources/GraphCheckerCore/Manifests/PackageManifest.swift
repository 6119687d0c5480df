import Foundation

/// The parts of `swift package dump-package` output the checker needs.
struct PackageManifest: Decodable {
  struct Product: Decodable {
    var name: String
    var targets: [String]
  }

  struct Target: Decodable {
    var name: String
    var type: String
    var path: String?
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

  /// A target dependency: `byName`, `target` or `product` (name, package).
  struct Dependency: Decodable {
    var name: String
    var package: String?

    private enum Keys: String, CodingKey { case byName, target, product }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      for key in [Keys.byName, .target, .product] where container.contains(key) {
        var values = try container.nestedUnkeyedContainer(forKey: key)
        name = try values.decode(String.self)
        package = key == .product ? try values.decodeIfPresent(String.self) : nil
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
