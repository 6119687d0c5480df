/// A module (SwiftPM target) of the repository, with its declared dependencies and actual imports.
public struct Module: Sendable, Codable, Equatable {
  /// What SwiftPM builds from the target.
  public enum Kind: String, Sendable, Codable {
    case library, executable, test, system, plugin, macro, binary
  }

  /// One entry of the target's `dependencies:` as the manifest writes it, and what it names.
  public struct Declared: Sendable, Codable, Equatable {
    /// The target or product name.
    public var name: String
    /// The package of a `.product(name:package:)`.
    public var package: String?
    /// The in-repo modules it brings (a product's targets); empty for a remote product.
    public var modules: [String]
    /// The platforms of its `.when(platforms:)` condition (lowercase), `nil` when unconditional.
    public var platforms: [String]?
    /// True for a product of a package outside the repository.
    public var isRemote = false
    /// Why it names nothing (`FanApp has no target named FanChta`); `nil` when it resolves.
    public var dangling: String?

    /// The entry as Swift source (`"CommonKit"`, `.product(name: "A", package: "B")`).
    public var source: String {
      package.map { ".product(name: \"\(name)\", package: \"\($0)\")" } ?? "\"\(name)\""
    }
  }

  /// One import of an in-repo module, with where it is.
  public struct Use: Sendable, Codable, Equatable {
    /// The imported module.
    public var module: String
    /// The file, relative to the repository root.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// True when only a `#if canImport(...)` check names it.
    public var isCanImport: Bool
    /// True for `@testable import`.
    public var isTestable = false
    /// True when a `#if` testing the platform or `canImport` encloses it.
    public var isGuarded = false
    /// For an import of a module nothing declares: the names it is a letter or two from.
    public var closeNames: [String]?

    /// Creates a use of `module` at `file:line`.
    public init(module: String, file: String, line: Int, isCanImport: Bool) {
      self.module = module
      self.file = file
      self.line = line
      self.isCanImport = isCanImport
    }
  }

  /// The target name.
  public var name: String
  /// The package's name in its manifest.
  public var package: String
  /// The package directory, relative to the repository root (`Packages/CommonKit`).
  public var packageDir: String
  /// The target's source directory, relative to the repository root.
  public var path: String
  /// The target kind.
  public var kind: Kind
  /// The layer the rules put it in (`nil` when no layer matches).
  public var layer: String?
  /// Declared direct dependencies on in-repo modules.
  public var dependencies: [String]
  /// Imports of in-repo modules found in its sources.
  public var uses: [Use]
  /// The name `import` uses for it (`SyncUI-macOS` → `SyncUI_macOS`), SwiftPM's c99 name.
  public var importName = ""
  /// Its `dependencies:` entries as written, with what each names.
  public var declared: [Declared] = []
  /// Products of packages outside the repository it declares.
  public var externalDependencies: [String] = []
  /// Imports of modules that neither a package of the repository (a target, a remote product some
  /// manifest declares) nor the toolchain or an SDK (``SystemModules``) has: deleted or misspelt
  /// ones. One inside a platform `#if` counts only when a letter or two from an in-repo name.
  public var unresolvedImports: [Use] = []
  /// Whether its sources declare an extension: members of an extension are visible to any module
  /// that builds with it, with or without an import (`@Dependency(\.authClient)`).
  public var declaresExtensions = false
  /// Its `#if` branches that compile only on Apple platforms: `FILE:FIRST-LAST (N lines)`.
  public var darwinBranches: [String] = []
  /// Uses of availability-gated and platform-only APIs in its sources.
  public var portability: [PortabilityUse] = []
  /// Modules it runs without importing them (a test launching an executable), from the rules'
  /// `runs`: a change to them affects it.
  public var runsModules: [String] = []
  /// Paths under `path` that are not its sources (the manifest's `exclude:`).
  public var exclude: [String]?
  /// When set, the only paths under `path` that are its sources (the manifest's `sources:`).
  public var sources: [String]?
  /// A system library's pkg-config name.
  public var pkgConfig: String?
  /// Why it cannot be built outside its own package (resources or build settings in its
  /// manifest entry, which `IsolatedPackage` does not copy); `nil` when it can.
  public var notIsolable: String?

  /// The modules its sources import (`canImport` checks excluded), sorted.
  public var importedModules: [String] {
    Array(Set(uses.filter { !$0.isCanImport }.map(\.module))).sorted()
  }
}

/// Every module of the repository plus where each package manifest is.
public struct ModuleGraph: Sendable, Codable, Equatable {
  /// A package dependency on something outside the repository (`.package(url:)`, registry).
  public struct RemoteDependency: Sendable, Codable, Equatable {
    /// The package directory, relative to the root.
    public var packageDir: String
    /// The location (URL or identity).
    public var location: String
  }

  /// All modules, sorted by package then name.
  public var modules: [Module]
  /// Remote package dependencies found in manifests.
  public var remoteDependencies: [RemoteDependency]
  /// Declared minimum platforms per package directory (`["macOS": 15, "iOS": 18]`).
  public var platforms: [String: [String: Version]] = [:]
  /// The library products each package directory declares: product name → the modules it vends.
  public var products: [String: [String: [String]]] = [:]

  /// Each package directory → the in-repo package directories its manifest depends on.
  public var packageDependencies: [String: [String]] = [:]
  /// True when each module stands for a whole package (``collapsedToPackages()``).
  public var isCollapsed = false
  /// The package (as declared in `.product(package:)`) of each remote product module some manifest
  /// declares.
  public var remotePackages: [String: String] = [:]

  /// The module named `name`.
  public func module(named name: String) -> Module? { modules.first { $0.name == name } }

  /// `path` inside package directory `dir` (`.` is the root package), relative to the root.
  public static func path(_ dir: String, _ path: String) -> String {
    dir == "." || dir.isEmpty ? path : "\(dir)/\(path)"
  }

  /// The manifest of package directory `dir`, relative to the root.
  public static func manifest(_ dir: String) -> String { path(dir, "Package.swift") }

  /// The names of the modules that depend on (declare, import or run) `name`.
  public func dependents(of name: String) -> [String] { dependentsIndex()[name] ?? [] }

  /// For every module name that something depends on, the modules that depend on it (declare,
  /// import or run it), in the order of ``modules``.
  ///
  /// Built in one pass over the edges: asking ``dependents(of:)`` of each module in turn would
  /// walk every module's edges once per module, which at a few hundred modules was most of a
  /// graph check's time.
  public func dependentsIndex() -> [String: [String]] {
    var index: [String: [String]] = [:]
    for module in modules {
      var targets = Set(module.dependencies)
      targets.formUnion(module.runsModules)
      for use in module.uses where !use.isCanImport { targets.insert(use.module) }
      for target in targets { index[target, default: []].append(module.name) }
    }
    return index
  }

  /// `names` plus every module that transitively depends on any of them.
  public func transitiveDependents(of names: Set<String>) -> Set<String> {
    let index = dependentsIndex()
    var result = names
    var queue = Array(names)
    while let next = queue.popLast() {
      for dependent in index[next] ?? [] where !result.contains(dependent) {
        result.insert(dependent)
        queue.append(dependent)
      }
    }
    return result
  }
}
