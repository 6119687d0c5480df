/// The names a repository's manifests give their modules, and what each declared dependency
/// names: in-repo modules, a product of a package outside the repository, or nothing at all.
struct ModuleNames: Sendable {
  /// The name `import` uses (the c99 name) → the target's name.
  let targetOfImport: [String: String]
  /// The module names of the remote products some manifest declares → the package (as written in
  /// `.product(package:)`; empty when declared by name only).
  let remotePackageOfModule: [String: String]
  /// Each package directory → the in-repo package directories its manifest depends on.
  let localDependencies: [String: [String]]
  private let importNames: [String: String]
  private let packages: [(dir: String, manifest: PackageManifest)]
  private let productsByDir: [String: [String: [String]]]

  init(_ loaded: [(dir: String, manifest: PackageManifest)]) {
    packages = loaded
    var imports: [String: String] = [:]
    var targets: [String: String] = [:]
    var products: [String: [String: [String]]] = [:]
    for (dir, manifest) in loaded {
      for target in manifest.targets {
        let name = target.c99name ?? Self.c99(target.name)
        imports[target.name] = name
        if targets[name] == nil { targets[name] = target.name }
      }
      for product in manifest.products { products[dir, default: [:]][product.name] = product.targets }
    }
    importNames = imports
    targetOfImport = targets
    productsByDir = products
    localDependencies = Dictionary(
      loaded.map { ($0.dir, Self.packageDependencies(of: $0.manifest, in: $0.dir, packages: loaded).local) },
      uniquingKeysWith: { first, _ in first })
    var remote: [String: String] = [:]
    for (dir, manifest) in loaded {
      for target in manifest.targets {
        for dependency in target.dependencies {
          let declared = Self.resolve(dependency, in: dir, manifest, packages: loaded, products: products)
          if declared.isRemote { remote[Self.c99(dependency.name)] = dependency.package ?? "" }
        }
      }
    }
    remotePackageOfModule = remote
  }

  /// The name `import` uses for target `name`.
  func importName(of name: String) -> String { importNames[name] ?? Self.c99(name) }

  /// What `dependency` of a target of the package in `dir` names.
  func resolve(
    _ dependency: PackageManifest.Dependency, in dir: String, _ manifest: PackageManifest
  )
    -> Module.Declared
  {
    Self.resolve(dependency, in: dir, manifest, packages: packages, products: productsByDir)
  }

  private static func resolve(
    _ dependency: PackageManifest.Dependency, in dir: String, _ manifest: PackageManifest,
    packages: [(dir: String, manifest: PackageManifest)], products: [String: [String: [String]]]
  ) -> Module.Declared {
    var declared = Module.Declared(
      name: dependency.name, package: dependency.package, modules: [], platforms: dependency.platforms)
    let own = manifest.targets.contains { $0.name == dependency.name }
    if dependency.kind != .product, own {
      declared.modules = [dependency.name]
      return declared
    }
    if dependency.kind == .target {
      declared.dangling = "\(manifest.name) has no target named \(dependency.name)"
      return declared
    }
    let (local, outside) = packageDependencies(of: manifest, in: dir, packages: packages)
    if let package = dependency.package?.lowercased() {
      let named = packages.first { entry in
        local.contains(entry.dir)
          && (lastComponent(entry.dir).lowercased() == package || entry.manifest.name.lowercased() == package)
      }
      if let named {
        if let targets = products[named.dir]?[dependency.name] {
          declared.modules = targets
        } else {
          let known = (products[named.dir] ?? [:]).keys.sorted().joined(separator: ", ")
          declared.dangling =
            "\(named.dir) has no product named \(dependency.name) (its products: \(known.isEmpty ? "none" : known))"
        }
      } else if outside.contains(package) {
        declared.isRemote = true
      } else {
        declared.dangling = "package \(dependency.package ?? "") is not a dependency of \(manifest.name)"
      }
      return declared
    }
    let localNames = manifest.targets.map(\.name) + local.flatMap { (products[$0] ?? [:]).keys }
    if let targets = local.lazy.compactMap({ products[$0]?[dependency.name] }).first {
      declared.modules = targets
    } else if !outside.isEmpty, ModuleGraph.misspellings(of: dependency.name, among: localNames).isEmpty {
      // A name a remote package's product may have: only a slip of a local name is reported.
      declared.isRemote = true
    } else {
      declared.dangling =
        "neither a target of \(manifest.name) nor a product of its dependencies is named \(dependency.name)"
    }
    return declared
  }

  /// The packages `manifest` depends on: in the repository (matched by identity, the folder's
  /// name) and outside it (their identities).
  private static func packageDependencies(
    of manifest: PackageManifest, in dir: String, packages: [(dir: String, manifest: PackageManifest)]
  ) -> (local: [String], outside: [String]) {
    var local: [String] = []
    var outside: [String] = []
    for package in manifest.dependencies {
      let identity = package.identity.lowercased()
      let match = packages.first { entry in
        entry.dir != dir
          && (lastComponent(entry.dir).lowercased() == identity
            || entry.manifest.name.lowercased() == identity)
      }
      if package.kind == "fileSystem", let match { local.append(match.dir) } else { outside.append(identity) }
    }
    return (local, outside)
  }

  private static func lastComponent(_ dir: String) -> String {
    String(dir.split(separator: "/").last ?? Substring(dir))
  }

  /// The module name SwiftPM gives a product or target name (`SyncUI-macOS` → `SyncUI_macOS`):
  /// only for names no `describe` output covers (a remote product, a hand-written fixture dump).
  static func c99(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      let isWord =
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
      scalars.append(isWord || !scalar.isASCII ? scalar : "_")
    }
    var result = String(scalars)
    if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
    return result
  }
}
