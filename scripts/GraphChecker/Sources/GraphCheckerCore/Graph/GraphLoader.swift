import Foundation
import Synchronization

/// Builds the module graph of a repository: `Packages/*`, `Apps` and the tool packages under
/// `scripts/`, their manifests and imports.
public struct GraphLoader: Sendable {
  /// The repository root.
  public var root: URL
  /// Where manifest JSON comes from.
  public var manifests: any ManifestSource

  /// Creates a loader for the tree at `root`.
  public init(root: URL, manifests: any ManifestSource) {
    self.root = root.standardizedFileURL
    self.manifests = manifests
  }

  /// The package directories (relative to root) that have a `Package.swift`, sorted.
  public func packageDirs() -> [String] {
    let fm = FileManager.default
    var dirs: [String] = []
    let packagesDir = root.appendingPathComponent("Packages")
    let names = (try? fm.contentsOfDirectory(atPath: packagesDir.path)) ?? []
    for name in names.sorted()
    where fm.fileExists(atPath: packagesDir.appendingPathComponent("\(name)/Package.swift").path) {
      dirs.append("Packages/\(name)")
    }
    if fm.fileExists(atPath: root.appendingPathComponent("Apps/Package.swift").path) {
      dirs.append("Apps")
    }
    // Tools (this checker) follow the same rules, and `build-module`/`test-module` find them.
    let scriptsDir = root.appendingPathComponent("scripts")
    let tools = (try? fm.contentsOfDirectory(atPath: scriptsDir.path)) ?? []
    for name in tools.sorted()
    where fm.fileExists(atPath: scriptsDir.appendingPathComponent("\(name)/Package.swift").path) {
      dirs.append("scripts/\(name)")
    }
    return dirs
  }

  /// Loads every manifest and scans every module's sources.
  public func load(rules: Rules) throws -> ModuleGraph {
    try load(rules: rules, timings: nil)
  }

  /// Loads every manifest and scans every module's sources, recording into `timings` how long
  /// each step took.
  ///
  /// Manifests missing from the cache are dumped in parallel, and so are the modules' sources
  /// scanned (each file read, tokenized once, on every core): both grow with the repository.
  public func load(rules: Rules, timings: LoadTimings?) throws -> ModuleGraph {
    let clock = ContinuousClock()
    var started = clock.now
    let dirs = packageDirs()
    let dumps = Self.parallelMap(dirs) { dir in
      Result { try manifests.manifestJSON(packageDir: root.appendingPathComponent(dir)) }
    }
    var loaded: [(dir: String, manifest: PackageManifest)] = []
    for (dir, dump) in zip(dirs, dumps) {
      let data = try dump.get()
      do {
        loaded.append((dir, try JSONDecoder().decode(PackageManifest.self, from: data)))
      } catch {
        throw GraphError("cannot read the manifest dump of \(dir): \(error)")
      }
    }
    timings?.record("manifests", since: started, detail: "\(dirs.count) packages")
    started = clock.now
    let repoModules = Set(loaded.flatMap { $0.manifest.targets.map(\.name) })
    let jobs = loaded.flatMap { entry in
      entry.manifest.targets.map { target in
        let kind = Module.Kind(rawValue: target.type == "regular" ? "library" : target.type) ?? .library
        let path = "\(entry.dir)/" + (target.path ?? "\(kind == .test ? "Tests" : "Sources")/\(target.name)")
        return ScanJob(
          name: target.name, kind: kind, path: path, exclude: target.exclude ?? [], sources: target.sources)
      }
    }
    let scans = Self.parallelMap(jobs) { job in
      Result {
        job.kind == .system
          ? Scan()
          : try scan(
            path: job.path, repoModules: repoModules, own: job.name, exclude: job.exclude,
            sources: job.sources, portability: rules.portability)
      }
    }
    timings?.record(
      "sources", since: started, detail: "\(scans.reduce(0) { $0 + ((try? $1.get().files) ?? 0) }) files")
    started = clock.now
    var modules: [Module] = []
    var remote: [ModuleGraph.RemoteDependency] = []
    var platforms: [String: [String: Version]] = [:]
    var products: [String: [String: [String]]] = [:]
    let names = [
      "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
    ]
    var next = 0
    for (dir, manifest) in loaded {
      for platform in manifest.platforms ?? [] {
        if let version = Version(platform.version) {
          platforms[dir, default: [:]][names[platform.platformName] ?? platform.platformName] = version
        }
      }
      for product in manifest.products {
        products[dir, default: [:]][product.name] = product.targets
      }
      for dependency in manifest.dependencies where dependency.kind != "fileSystem" {
        remote.append(.init(packageDir: dir, location: dependency.location))
      }
      for target in manifest.targets {
        let (kind, path) = (jobs[next].kind, jobs[next].path)
        let scanned = try scans[next].get()
        next += 1
        let resolved = target.dependencies.flatMap { resolve($0, in: manifest, all: loaded) }
        // A product of a package outside the repository vends modules whose names the manifest
        // does not say: kept apart, never reported unused (the remote package itself is reported).
        let dependencies = Set(resolved.filter { repoModules.contains($0) }).sorted()
        let external = Set(resolved.filter { !repoModules.contains($0) }).sorted()
        var module = Module(
          name: target.name, package: manifest.name, packageDir: dir, path: path, kind: kind,
          layer: nil, dependencies: dependencies, uses: scanned.uses)
        module.externalDependencies = external
        module.portability = scanned.portability
        module.exclude = target.exclude.flatMap { $0.isEmpty ? nil : $0 }
        module.sources = target.sources
        module.pkgConfig = target.pkgConfig
        if !(target.resources ?? []).isEmpty || !(target.settings ?? []).isEmpty {
          module.notIsolable = "its manifest entry has resources or build settings"
        }
        module.runsModules = rules.runs(for: module)
        module.layer = rules.layer(of: module)
        modules.append(module)
      }
    }
    var graph = ModuleGraph(modules: modules, remoteDependencies: remote)
    graph.platforms = platforms
    graph.products = products
    timings?.record("graph", since: started, detail: "\(modules.count) modules")
    return graph
  }

  /// `transform` of each element, run on every core; results in the order of `items`.
  static func parallelMap<Item: Sendable, Output: Sendable>(
    _ items: [Item], _ transform: @Sendable (Item) -> Output
  ) -> [Output] {
    let results = Mutex<[Output?]>(Array(repeating: nil, count: items.count))
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
      let output = transform(items[index])
      results.withLock { $0[index] = output }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// A module whose sources are to be scanned.
  struct ScanJob: Sendable {
    var name: String
    var kind: Module.Kind
    var path: String
    var exclude: [String]
    var sources: [String]?
  }

  /// What a module's sources import and use, and how many files were read.
  struct Scan: Sendable {
    var uses: [Module.Use] = []
    var portability: [PortabilityUse] = []
    var files = 0
  }

  /// Maps a target dependency to module names: a product becomes the targets it vends.
  private func resolve(
    _ dependency: PackageManifest.Dependency, in manifest: PackageManifest,
    all: [(dir: String, manifest: PackageManifest)]
  ) -> [String] {
    if dependency.package == nil, manifest.targets.contains(where: { $0.name == dependency.name }) {
      return [dependency.name]
    }
    let candidates = all.filter { entry in
      guard let package = dependency.package?.lowercased() else { return true }
      return entry.manifest.name.lowercased() == package
        || entry.dir.split(separator: "/").last.map { $0.lowercased() == package } == true
    }
    for entry in candidates {
      if let product = entry.manifest.products.first(where: { $0.name == dependency.name }) {
        return product.targets
      }
    }
    return [dependency.name]
  }

  /// Reads the imports of every `.swift` file under `path` that name another in-repo module,
  /// skipping what the target's `exclude:` removes and what its `sources:` (when set) leaves out.
  private func scan(
    path: String, repoModules: Set<String>, own: String, exclude: [String], sources: [String]?,
    portability: Rules.Portability?
  ) throws -> Scan {
    func under(_ file: String, _ entry: String) -> Bool {
      let entry = entry.hasSuffix("/") ? String(entry.dropLast()) : entry
      return entry == "." || file == entry || file.hasPrefix(entry + "/")
    }
    let dir = root.appendingPathComponent(path).path
    guard let enumerator = FileManager.default.enumerator(atPath: dir) else { return Scan() }
    var files: [String] = []
    while let file = enumerator.nextObject() as? String {
      if file.hasPrefix(".build") || file.contains("/.build") { continue }
      guard file.hasSuffix(".swift"), !exclude.contains(where: { under(file, $0) }) else { continue }
      if let sources, !sources.contains(where: { under(file, $0) }) { continue }
      files.append(file)
    }
    var result = Scan(files: files.count)
    let gated = portability?.availability.map(\.api) ?? []
    let platformOnly = (portability?.linuxOnly ?? []) + (portability?.darwinOnly ?? [])
    for file in files.sorted() {
      let full = "\(dir)/\(file)"
      guard let data = FileManager.default.contents(atPath: full),
        String(validating: data, as: UTF8.self) != nil
      else {
        throw GraphError("cannot read \(full) as UTF-8 text")
      }
      // Comments and strings blanked and the bytes tokenized once, for imports and portability.
      let words = ImportScanner.codeTokens(utf8: Array(data))
      for statement in ImportScanner.imports(in: words)
      where repoModules.contains(statement.module) && statement.module != own {
        result.uses.append(
          Module.Use(
            module: statement.module, file: "\(path)/\(file)", line: statement.line,
            isCanImport: statement.isCanImport))
      }
      if portability != nil {
        for var use in PortabilityScanner.uses(in: words, gated: gated, platformOnly: platformOnly) {
          use.file = "\(path)/\(file)"
          result.portability.append(use)
        }
      }
    }
    return result
  }
}
