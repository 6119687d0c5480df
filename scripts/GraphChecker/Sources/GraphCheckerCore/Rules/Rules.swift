import Foundation

/// The dependency rules of a repository, read from one JSON file (here `scripts/graph-rules.json`).
///
/// Every field is optional: with no file at all (``defaults``) the checker still checks what needs
/// no policy (implicit imports, unused and dangling dependencies, cycles, `@testable` in
/// libraries, unguarded platform-conditional imports); layers, forbidden edges, orphans and
/// remote packages are policy a repository opts into.
public struct Rules: Sendable, Codable, Equatable {
  /// A layer: which modules belong to it and which layers they may import.
  public struct Layer: Sendable, Codable, Equatable {
    /// The layer name (`feature`).
    public var name: String
    /// Module patterns; `*` matches any run of characters. `PACKAGE_DIR:NAME` matches by package
    /// too (`Packages/FanApp:*`), so membership does not hang on a name prefix a module can share.
    public var modules: [String]
    /// When set, only targets of these kinds belong (`test`, `executable`, `library`, `system`).
    public var kinds: [String]?
    /// Layers its modules may import; `*` allows every layer.
    public var mayImport: [String]
    /// Why the layer exists, shown in fixes.
    public var description: String?
  }

  /// An edge forbidden by name, whatever the layers say.
  public struct ForbiddenEdge: Sendable, Codable, Equatable {
    /// The rule name shown in reports.
    public var name: String
    /// Patterns of importing modules.
    public var from: [String]
    /// Patterns of imported modules.
    public var to: [String]
    /// Patterns of importing modules the rule does not apply to.
    public var except: [String]?
    /// Patterns of imported modules the rule does not apply to.
    public var exceptTo: [String]?
    /// How to fix a violation.
    public var fix: String
  }

  /// The package folders to check, relative to the root (`Packages/*`, `Apps`, `Modules/**`);
  /// `nil`: every `Package.swift` under the root, hidden folders left out.
  public var packages: [String]?
  /// Layers in matching order: a module belongs to the first layer that matches it.
  public var layers: [Layer]
  /// Edges forbidden by module name.
  public var forbidden: [ForbiddenEdge]
  /// Layers whose modules may have no dependents (apps, tests, executables).
  public var orphanExemptLayers: [String]
  /// Modules a module runs without importing them (`ArtiAppTests` launches `arti`): a change to
  /// them affects it.
  public var runs: [Run]?
  /// Rule name → `error` (the default, fails the check) or `warning` (reported, does not fail).
  public var severities: [String: Severity]?
  /// What must build on Apple platforms, and the APIs that limit it.
  public var portability: Portability?
  /// Modules an `import` may name that neither a package of the repository nor the toolchain
  /// declares, beyond ``SystemModules/otherPlatforms`` (an SDK framework missing there).
  public var systemModules: [String]?

  /// APIs that exist only from some OS version or only on some platforms.
  public struct Portability: Sendable, Codable, Equatable {
    /// An availability-gated API and the first versions that have it.
    public struct Gated: Sendable, Codable, Equatable {
      /// The API as written in code (`Task.immediate`, `Mutex`).
      public var api: String
      /// First macOS version with it.
      public var macOS: Version
      /// First iOS version with it.
      public var iOS: Version
      /// The declaration it names, when the pattern alone does not (`String.utf8Span` for
      /// `.utf8Span`).
      public var declaration: String?

      /// Creates an entry.
      public init(api: String, macOS: Version, iOS: Version, declaration: String? = nil) {
        self.api = api
        self.macOS = macOS
        self.iOS = iOS
        self.declaration = declaration
      }
    }

    /// Availability-gated APIs.
    public var availability: [Gated]
    /// Names that exist only on Linux (`Glibc`, libxcrypt's `crypt_rn`).
    public var linuxOnly: [String]
    /// Names that exist only on Apple platforms (`Darwin`, `CommonCrypto`).
    public var darwinOnly: [String]
    /// Layers whose modules an iOS app uses: their packages must declare `.iOS`, their library
    /// products are what CI builds for iOS, and they may import only each other (so no terminal
    /// kit or view rides along).
    public var appleLayers: [String]
    /// Toolchain modules whose `.swiftinterface` availability adds to ``availability``
    /// (`Swift`, `_Concurrency`, `Observation`, `Synchronization`).
    public var interfaces: [String]?
    /// Patterns derived from the interfaces that name something else in this repository's code.
    public var ignore: [String]?
  }

  /// A module that runs others (a test launching an executable) without importing them.
  public struct Run: Sendable, Codable, Equatable {
    /// The running module's pattern.
    public var module: String
    /// The modules it runs.
    public var runs: [String]
  }

  /// The rules of a repository without a rules file: no layers, no forbidden edges.
  public static let defaults = Rules()

  /// Rules that are policy, off unless `severities` turns them on: a package may use remote
  /// packages, and a library no module of the repository uses may be a product for others.
  public static let policyRules: Set<String> = ["remote-package", "orphan-module"]

  /// Creates rules; every part defaults to empty.
  public init(
    packages: [String]? = nil, layers: [Layer] = [], forbidden: [ForbiddenEdge] = [],
    orphanExemptLayers: [String] = [], runs: [Run]? = nil, severities: [String: Severity]? = nil,
    portability: Portability? = nil, systemModules: [String]? = nil
  ) {
    self.packages = packages
    self.layers = layers
    self.forbidden = forbidden
    self.orphanExemptLayers = orphanExemptLayers
    self.runs = runs
    self.severities = severities
    self.portability = portability
    self.systemModules = systemModules
  }

  private enum CodingKeys: String, CodingKey {
    case packages, layers, forbidden, orphanExemptLayers, runs, severities, portability, systemModules
  }

  /// Reads rules in which any field may be missing.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      packages: try container.decodeIfPresent([String].self, forKey: .packages),
      layers: try container.decodeIfPresent([Layer].self, forKey: .layers) ?? [],
      forbidden: try container.decodeIfPresent([ForbiddenEdge].self, forKey: .forbidden) ?? [],
      orphanExemptLayers: try container.decodeIfPresent([String].self, forKey: .orphanExemptLayers) ?? [],
      runs: try container.decodeIfPresent([Run].self, forKey: .runs),
      severities: try container.decodeIfPresent([String: Severity].self, forKey: .severities),
      portability: try container.decodeIfPresent(Portability.self, forKey: .portability),
      systemModules: try container.decodeIfPresent([String].self, forKey: .systemModules))
  }

  /// The severity of rule `name`: as `severities` says, else off for the ``policyRules`` and
  /// error for the others.
  public func severity(of name: String) -> Severity {
    severities?[name] ?? (Self.policyRules.contains(name) ? .off : .error)
  }

  /// The modules `module` runs, from ``runs``.
  public func runs(for module: Module) -> [String] {
    (runs ?? []).filter { Pattern.matches($0.module, module) }.flatMap(\.runs).sorted()
  }

  /// Reads rules from a JSON file.
  public static func load(from url: URL) throws -> Rules {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw GraphError("cannot read the rules file \(url.path): \(error.localizedDescription)")
    }
    do { return try JSONDecoder().decode(Rules.self, from: data) } catch {
      throw GraphError("the rules file \(url.path) is not valid: \(error)")
    }
  }

  /// The layer of `module`, or `nil` when none matches.
  public func layer(of module: Module) -> String? {
    layers.first { layer in
      (layer.kinds.map { $0.contains(module.kind.rawValue) } ?? true)
        && layer.modules.contains { Pattern.matches($0, module) }
    }?.name
  }

  /// Whether a module in layer `from` may import one in layer `to`.
  public func allows(from: String, to: String) -> Bool {
    guard let layer = layers.first(where: { $0.name == from }) else { return false }
    return layer.mayImport.contains("*") || layer.mayImport.contains(to)
  }
}

/// How much a broken rule matters.
public enum Severity: String, Sendable, Codable, Equatable {
  /// Fails the check.
  case error
  /// Reported, does not fail the check.
  case warning
  /// Not checked.
  case off
}

/// Glob matching with `*` only, enough for module names.
public enum Pattern {
  /// Whether `module` matches `pattern`: by name, or by `PACKAGE_DIR:NAME` when the pattern has a `:`.
  public static func matches(_ pattern: String, _ module: Module) -> Bool {
    // Bytes, not Foundation's substring search: this runs for every module and every pattern.
    pattern.utf8.contains(UInt8(ascii: ":"))
      ? matches(pattern, "\(module.packageDir):\(module.name)") : matches(pattern, module.name)
  }

  /// Whether `name` matches `pattern` (`*Client`, `Fan*`, `fan`).
  public static func matches(_ pattern: String, _ name: String) -> Bool {
    guard pattern.utf8.contains(UInt8(ascii: "*")) else { return pattern == name }
    let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
    var rest = Substring(name)
    guard let first = parts.first, rest.hasPrefix(first) else { return false }
    rest = rest.dropFirst(first.count)
    for (index, part) in parts.enumerated().dropFirst() {
      if index == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }
}
