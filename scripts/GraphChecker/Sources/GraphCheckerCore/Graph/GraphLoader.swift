import Foundation
import Synchronization

/// Builds the module graph of a repository: every SwiftPM package under its root (or those the
/// rules' `packages` patterns name), their manifests and imports.
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

  /// The package directories (relative to root, `.` for the root itself) that have a
  /// `Package.swift`, sorted: those `patterns` name (`Packages/*`, `Apps`, `Modules/**`), or with
  /// no patterns every one under the root, leaving out hidden folders (`.build`, `.git`) and
  /// SwiftPM's checkouts.
  public func packageDirs(patterns: [String]? = nil) -> [String] {
    let fm = FileManager.default
    func isPackage(_ dir: String) -> Bool {
      fm.fileExists(atPath: root.appendingPathComponent(ModuleGraph.manifest(dir)).path)
    }
    guard let patterns else {
      var dirs = isPackage(".") ? ["."] : []
      let enumerator = fm.enumerator(atPath: root.path)
      while let path = enumerator?.nextObject() as? String {
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix(".") || name == "node_modules" {
          enumerator?.skipDescendants()
        } else if name == "Package.swift", path != name {
          dirs.append((path as NSString).deletingLastPathComponent)
        }
      }
      return dirs.sorted()
    }
    var dirs: Set<String> = []
    for pattern in patterns {
      dirs.formUnion(
        Self.expand(pattern.split(separator: "/").map(String.init), in: root, prefix: "").filter(isPackage))
    }
    return dirs.sorted()
  }

  /// The folders below `dir` matching the path components `parts` (`*` within a component, `**`
  /// any number of folders), relative to the root.
  private static func expand(_ parts: [String], in dir: URL, prefix: String) -> [String] {
    guard let part = parts.first else { return [prefix.isEmpty ? "." : prefix] }
    let rest = Array(parts.dropFirst())
    let fm = FileManager.default
    func child(_ name: String) -> String { prefix.isEmpty ? name : "\(prefix)/\(name)" }
    let names = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).filter { name in
      var isDirectory: ObjCBool = false
      return !name.hasPrefix(".")
        && fm.fileExists(atPath: dir.appendingPathComponent(name).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    if part == "**" {
      return expand(rest, in: dir, prefix: prefix)
        + names.sorted().flatMap { expand(parts, in: dir.appendingPathComponent($0), prefix: child($0)) }
    }
    if part == "." { return expand(rest, in: dir, prefix: prefix) }
    return names.filter { Pattern.matches(part, $0) }.sorted().flatMap {
      expand(rest, in: dir.appendingPathComponent($0), prefix: child($0))
    }
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
    let dirs = packageDirs(patterns: rules.packages)
    guard !dirs.isEmpty else {
      throw GraphError(
        "no Package.swift found "
          + (rules.packages.map { "in \($0.joined(separator: ", ")) under \(root.path)" }
            ?? "anywhere under \(root.path) (hidden folders such as .build left out)")
          + "; run from the repository root, pass --root DIR, or name the packages in the rules' `packages`")
    }
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
    let names = ModuleNames(loaded)
    let jobs = loaded.flatMap { entry in
      entry.manifest.targets.map { target in
        let kind = Module.Kind(rawValue: target.type == "regular" ? "library" : target.type) ?? .library
        let path = ModuleGraph.path(
          entry.dir, target.path ?? "\(kind == .test ? "Tests" : "Sources")/\(target.name)")
        return ScanJob(
          name: target.name, kind: kind, path: path, exclude: target.exclude ?? [], sources: target.sources,
          sourceFiles: target.sourceFiles)
      }
    }
    let gated = PortabilityScanner.index(rules.portability?.availability.map(\.api) ?? [])
    let scans = Self.parallelMap(jobs) { job in
      Result {
        [.system, .binary, .plugin].contains(job.kind)
          ? Scan()
          : try scan(job, names: names, portability: rules.portability, gated: gated)
      }
    }
    timings?.record(
      "sources", since: started, detail: "\(scans.reduce(0) { $0 + ((try? $1.get().files) ?? 0) }) files")
    started = clock.now
    var modules: [Module] = []
    var remote: [ModuleGraph.RemoteDependency] = []
    var platforms: [String: [String: Version]] = [:]
    var products: [String: [String: [String]]] = [:]
    let platformNames = [
      "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
    ]
    // An import no package declares is a deleted or misspelt module unless the toolchain or an SDK
    // has it; inside a platform `#if` only a slip of an in-repo name counts (the branch may be
    // for a platform whose modules this toolchain lacks). Each name is looked at once.
    let system = SystemModules.current().union(rules.systemModules ?? [])
    let importNames = Array(names.targetOfImport.keys)
    var unknown: [String: (nearRepo: Bool, close: [String])] = [:]
    for scan in scans {
      for use in (try? scan.get().unresolved) ?? [] where unknown[use.module] == nil {
        guard !system.contains(use.module) else {
          unknown[use.module] = (false, [])
          continue
        }
        let near = ModuleGraph.misspellings(of: use.module, among: importNames)
        unknown[use.module] = (
          !near.isEmpty, near + ModuleGraph.misspellings(of: use.module, among: Array(system))
        )
      }
    }
    var next = 0
    for (dir, manifest) in loaded {
      for platform in manifest.platforms ?? [] {
        if let version = Version(platform.version) {
          platforms[dir, default: [:]][platformNames[platform.platformName] ?? platform.platformName] =
            version
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
        let declared = target.dependencies.map { names.resolve($0, in: dir, manifest) }
        var module = Module(
          name: target.name, package: manifest.name, packageDir: dir, path: path, kind: kind,
          layer: nil, dependencies: Set(declared.filter { !$0.isRemote }.flatMap(\.modules)).sorted(),
          uses: scanned.uses)
        module.importName = names.importName(of: target.name)
        module.declared = declared
        module.externalDependencies = Set(declared.filter(\.isRemote).map(\.name)).sorted()
        module.unresolvedImports = scanned.unresolved.compactMap { use in
          guard let found = unknown[use.module], !system.contains(use.module),
            found.nearRepo || !use.isGuarded
          else { return nil }
          var use = use
          use.closeNames = found.close
          return use
        }
        module.declaresExtensions = scanned.declaresExtensions
        module.portability = scanned.portability
        module.darwinBranches = scanned.darwinBranches
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
    graph.remotePackages = names.remotePackageOfModule
    graph.packageDependencies = names.localDependencies
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
    /// SwiftPM's list of its sources (relative to `path`), when the manifest dump carries it.
    var sourceFiles: [String]?
  }

  /// What a module's sources import and use, and how many files were read.
  struct Scan: Sendable {
    var uses: [Module.Use] = []
    var unresolved: [Module.Use] = []
    var portability: [PortabilityUse] = []
    var declaresExtensions = false
    var darwinBranches: [String] = []
    var files = 0
  }

  /// The files of a module: SwiftPM's list when the dump has it; otherwise (a hand-written
  /// fixture dump) every `.swift` file under its folder that its `exclude:` does not remove and its
  /// `sources:` (when set) names.
  private func sourceFiles(of job: ScanJob, in dir: String) -> [String] {
    if let listed = job.sourceFiles { return listed.filter { $0.hasSuffix(".swift") } }
    func under(_ file: String, _ entry: String) -> Bool {
      let entry = entry.hasSuffix("/") ? String(entry.dropLast()) : entry
      return entry == "." || file == entry || file.hasPrefix(entry + "/")
    }
    guard let enumerator = FileManager.default.enumerator(atPath: dir) else { return [] }
    var files: [String] = []
    while let file = enumerator.nextObject() as? String {
      if file.hasPrefix(".build") || file.contains("/.build") || file.contains(".docc") { continue }
      guard file.hasSuffix(".swift"), !job.exclude.contains(where: { under(file, $0) }) else { continue }
      if let sources = job.sources, !sources.contains(where: { under(file, $0) }) { continue }
      files.append(file)
    }
    return files
  }

  /// Reads the imports of every source file of a module: those naming an in-repo module (by the
  /// name `import` uses) or a product of a remote package some manifest declares, and the rest
  /// apart (a misspelt or deleted module among them).
  private func scan(
    _ job: ScanJob, names: ModuleNames, portability: Rules.Portability?, gated: PortabilityScanner.GatedIndex
  ) throws -> Scan {
    let dir = root.appendingPathComponent(job.path).path
    let files = sourceFiles(of: job, in: dir)
    var result = Scan(files: files.count)
    let platformOnly = Set((portability?.linuxOnly ?? []) + (portability?.darwinOnly ?? []))
    for file in files.sorted() {
      let full = "\(dir)/\(file)"
      // A listed file deleted since SwiftPM listed it has nothing to check.
      guard FileManager.default.fileExists(atPath: full) else { continue }
      guard let data = FileManager.default.contents(atPath: full),
        String(validating: data, as: UTF8.self) != nil
      else {
        throw GraphError("cannot read \(full) as UTF-8 text")
      }
      // Comments and strings blanked and the bytes tokenized once, for imports and portability.
      let words = ImportScanner.codeTokens(utf8: Array(data))
      if !result.declaresExtensions { result.declaresExtensions = words.contains { $0.text == "extension" } }
      let guarded = ImportScanner.platformGuardedLines(in: words)
      for statement in ImportScanner.imports(in: words) {
        var use = Module.Use(
          module: statement.module, file: ModuleGraph.path(job.path, file), line: statement.line,
          isCanImport: statement.isCanImport)
        use.isTestable = statement.isTestable
        use.isGuarded = guarded.contains(statement.line)
        if let target = names.targetOfImport[statement.module] {
          guard target != job.name else { continue }
          use.module = target
          result.uses.append(use)
        } else if names.remotePackageOfModule[statement.module] != nil {
          result.uses.append(use)
        } else if !statement.isCanImport {
          result.unresolved.append(use)
        }
      }
      if portability != nil {
        for range in DarwinBranches.ranges(in: words) {
          result.darwinBranches.append(
            "\(ModuleGraph.path(job.path, file)):\(range.lowerBound)-\(range.upperBound) (\(range.count) lines)"
          )
        }
        for var use in PortabilityScanner.uses(in: words, gatedByFirst: gated, platformOnly: platformOnly) {
          use.file = ModuleGraph.path(job.path, file)
          result.portability.append(use)
        }
      }
    }
    return result
  }
}
