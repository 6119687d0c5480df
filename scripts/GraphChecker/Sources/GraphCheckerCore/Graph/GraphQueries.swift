/// Questions the build scripts ask of the graph: where a module lives, what a change affects.
extension ModuleGraph {
  /// Where module `name` is built: its package and its test targets.
  public struct Location: Sendable, Equatable {
    /// The package directory, relative to the root.
    public var packageDir: String
    /// The module's kind.
    public var kind: Module.Kind
    /// The test targets that test it: itself for a test target; else `NAMETests` when the package
    /// has it (not every test that happens to depend on NAME, such as a coordinator's); else the
    /// package's test targets depending on it, sorted.
    public var tests: [String]

    /// `packageDir kind test1,test2` (`-` when there are no tests), for shell scripts.
    public var line: String {
      "\(packageDir) \(kind.rawValue) \(tests.isEmpty ? "-" : tests.joined(separator: ","))"
    }
  }

  /// Where `name` lives, or an error naming the closest module names.
  public func locate(_ name: String) throws -> Location {
    guard let module = module(named: name) else {
      let close = closeNames(to: name)
      throw GraphError(
        "no module named '\(name)'"
          + (close.isEmpty
            ? "; run scripts/check-graph --format json for the list"
            : "; did you mean: \(close.joined(separator: ", "))?"))
    }
    let own = modules.first {
      $0.kind == .test && $0.packageDir == module.packageDir && $0.name == "\(name)Tests"
    }
    let tests =
      module.kind == .test
      ? [name]
      : own.map { [$0.name] }
        ?? modules.filter {
          $0.kind == .test && $0.packageDir == module.packageDir
            && ($0.dependencies.contains(name) || $0.runsModules.contains(name))
        }
        .map(\.name).sorted()
    return Location(packageDir: module.packageDir, kind: module.kind, tests: tests)
  }

  /// Up to five module names like `name`: equal or containing it ignoring case, or a few edits away.
  public func closeNames(to name: String) -> [String] {
    let lower = name.lowercased()
    let scored = modules.map(\.name).compactMap { candidate -> (Int, String)? in
      let other = candidate.lowercased()
      if other == lower { return (0, candidate) }
      if other.contains(lower) || (other.count >= 4 && lower.contains(other)) { return (1, candidate) }
      let distance = Self.editDistance(lower, other)
      return distance <= max(2, lower.count / 3) ? (1 + distance, candidate) : nil
    }
    return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(5).map(\.1)
  }

  /// What a set of changed files affects: modules to rebuild and retest, and why the rest is not.
  public struct Affected: Sendable, Equatable {
    /// The affected modules, sorted.
    public var modules: [String]
    /// Documentation files (`*.md`, anything in a `.docc` catalog): nothing to build for them.
    public var docs: [String] = []
    /// Files that no module owns and that no tool reads (`.gitignore`): nothing to build for them.
    public var unowned: [String] = []
    /// Repository tooling files (scripts, CI) whose change affects every module.
    public var tooling: [String] = []
  }

  /// The modules owning `files` (paths relative to the root) plus every module depending on them,
  /// transitively, sorted. A changed `Package.swift` affects every module of its package.
  public func affected(byChangesTo files: [String]) -> [String] { affectedSet(byChangesTo: files).modules }

  /// Like ``affected(byChangesTo:)``, also saying which files need nothing and why.
  ///
  /// - Documentation (`*.md`, `*.docc/…`) is not built, so it affects nothing.
  /// - The checker's rules, baseline and fixtures affect the checker's tests (they assert them).
  /// - Any other file under `scripts/`, `.github/` or `.ci/` changes how everything is built or
  ///   tested, so it affects every module.
  public func affectedSet(byChangesTo files: [String]) -> Affected {
    var changed: Set<String> = []
    var result = Affected(modules: [])
    let checkerTests = modules.filter { $0.packageDir == "scripts/GraphChecker" && $0.kind == .test }.map(
      \.name)
    for file in files {
      if file.hasSuffix(".md") || file.contains(".docc/") || file.hasSuffix(".docc") {
        result.docs.append(file)
        continue
      }
      let owners = modules.filter {
        file.hasPrefix($0.path + "/") || file == ModuleGraph.manifest($0.packageDir)
      }
      if !owners.isEmpty {
        changed.formUnion(owners.map(\.name))
      } else if ["scripts/graph-rules.json", "scripts/graph-baseline.json"].contains(file)
        || file.hasPrefix("scripts/GraphChecker/Fixtures/")
      {
        changed.formUnion(checkerTests)
      } else if file.hasPrefix("scripts/") || file.hasPrefix(".github/") || file.hasPrefix(".ci/") {
        result.tooling.append(file)
        changed.formUnion(modules.map(\.name))
      } else {
        result.unowned.append(file)
      }
    }
    result.modules = transitiveDependents(of: changed).sorted()
    return result
  }

  /// A GitHub Actions job matrix of `packageDirs`: `{"include":[{"package":DIR,"name":NAME}…]}`
  /// on one line (`name` is the directory's last component, for job titles and cache keys).
  public static func githubMatrix(packageDirs: [String]) -> String {
    func quoted(_ text: String) -> String {
      "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        + "\""
    }
    let entries = packageDirs.map { dir in
      "{\"package\":\(quoted(dir)),\"name\":\(quoted(String(dir.split(separator: "/").last ?? "")))}"
    }
    return "{\"include\":[\(entries.joined(separator: ","))]}"
  }

  /// The package directories of `names`, sorted, without duplicates.
  public func packageDirs(of names: [String]) -> [String] {
    Array(Set(names.compactMap { module(named: $0)?.packageDir })).sorted()
  }

  /// The names among `candidates` that `name` could be a slip of: equal ignoring case, or one
  /// edit away (two for names longer than four letters), sorted.
  static func misspellings(of name: String, among candidates: [String]) -> [String] {
    let lower = name.lowercased()
    let limit = lower.count <= 4 ? 1 : 2
    return Set(
      candidates.filter { candidate in
        candidate != name && abs(candidate.count - lower.count) <= limit
          && editDistance(lower, candidate.lowercased()) <= limit
      }
    ).sorted()
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
