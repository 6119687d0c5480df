import Foundation

/// Renders the graph for tools: Graphviz DOT, Mermaid or JSON.
public enum GraphFormatter {
  /// The JSON document: the graph, every violation and the baseline's state.
  public struct Report: Sendable, Codable, Equatable {
    /// One violation as JSON shows it.
    public struct Entry: Sendable, Codable, Equatable {
      /// The rule name.
      public var rule: String
      /// `error`, `warning` or `known` (in the baseline).
      public var severity: String
      /// The file, relative to the root.
      public var file: String
      /// The 1-based line.
      public var line: Int
      /// What is wrong.
      public var message: String
      /// How to fix it.
      public var fix: String
      /// The baseline key.
      public var key: String

      /// The entry for `violation`.
      public init(_ violation: Violation, known: Bool) {
        rule = violation.rule
        severity = known ? "known" : violation.severity.rawValue
        file = violation.file
        line = violation.line
        message = violation.message
        fix = violation.fix
        key = violation.key
      }
    }

    /// The modules shown (all, or the focus and its neighbourhood).
    public var modules: [Module]
    /// Remote package dependencies.
    public var remoteDependencies: [ModuleGraph.RemoteDependency]
    /// Every violation of the whole graph.
    public var violations: [Entry]
    /// Baseline keys that match no violation any more.
    public var staleBaselineEntries: [String]
    /// The summary line of the text format.
    public var summary: String

    /// Creates the document.
    public init(graph: ModuleGraph, violations: [Entry], staleBaselineEntries: [String], summary: String) {
      modules = graph.modules
      remoteDependencies = graph.remoteDependencies
      self.violations = violations
      self.staleBaselineEntries = staleBaselineEntries
      self.summary = summary
    }
  }

  /// The declared dependency edges between shown modules, sorted, as (from, to) pairs.
  static func edges(_ graph: ModuleGraph) -> [(String, String)] {
    let shown = Set(graph.modules.map(\.name))
    return graph.modules.flatMap { module in
      module.dependencies.filter(shown.contains).map { (module.name, $0) }
    }
  }

  /// Imports of in-repo modules that are not declared dependencies (an `implicit-import`).
  static func undeclaredEdges(_ graph: ModuleGraph) -> [(String, String)] {
    let shown = Set(graph.modules.map(\.name))
    return graph.modules.flatMap { module in
      module.importedModules.filter { shown.contains($0) && !module.dependencies.contains($0) }
        .map { (module.name, $0) }
    }
  }

  /// A Graphviz digraph with one cluster per package (none when collapsed to packages).
  public static func dot(_ graph: ModuleGraph) -> String {
    var lines = ["digraph modules {", "  rankdir=LR;", "  node [shape=box];"]
    let packages = graph.isCollapsed ? [] : Array(Set(graph.modules.map(\.packageDir))).sorted()
    if graph.isCollapsed {
      for module in graph.modules { lines.append("  \"\(module.name)\";") }
    }
    for (index, package) in packages.enumerated() {
      lines.append("  subgraph cluster_\(index) {")
      lines.append("    label=\"\(package)\";")
      for module in graph.modules where module.packageDir == package {
        let label = module.layer.map { "\(module.name)\\n\($0)" } ?? module.name
        lines.append("    \"\(module.name)\" [label=\"\(label)\"];")
      }
      lines.append("  }")
    }
    for (from, to) in edges(graph) { lines.append("  \"\(from)\" -> \"\(to)\";") }
    for (from, to) in undeclaredEdges(graph) {
      lines.append("  \"\(from)\" -> \"\(to)\" [style=dashed, color=red, label=\"undeclared\"];")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A Mermaid flowchart (`graph LR`), one subgraph per package.
  public static func mermaid(_ graph: ModuleGraph) -> String {
    func id(_ name: String) -> String { String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" }) }
    var lines = ["graph LR"]
    if graph.isCollapsed {
      for module in graph.modules { lines.append("  \(id(module.name))[\"\(module.name)\"]") }
    }
    // One box per package, so the drawing reads like the folder layout.
    for package in graph.isCollapsed ? [] : Array(Set(graph.modules.map(\.packageDir))).sorted() {
      let packageID = package.map { $0.isLetter || $0.isNumber ? $0 : "_" }
      lines.append("  subgraph \(String(packageID))[\"\(package)\"]")
      for module in graph.modules where module.packageDir == package {
        lines.append("    \(id(module.name))[\"\(module.name)\"]")
      }
      lines.append("  end")
    }
    for (from, to) in edges(graph) { lines.append("  \(id(from)) --> \(id(to))") }
    for (from, to) in undeclaredEdges(graph) { lines.append("  \(id(from)) -.->|undeclared| \(id(to))") }
    return lines.joined(separator: "\n")
  }

  /// The report as pretty, key-sorted JSON (modules with package, path, layer, dependencies,
  /// uses; violations with severity, file and line).
  public static func json(_ report: Report) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self)
  }

  /// What `name` uses and what uses it, directly and transitively.
  public static func focus(_ graph: ModuleGraph, on name: String) throws -> String {
    guard let module = graph.module(named: name) else {
      let known = graph.modules.map(\.name).sorted().joined(separator: ", ")
      throw GraphError("no module named '\(name)'; modules are: \(known)")
    }
    let uses = graph.transitiveDependencies(of: name)
    let usedBy = graph.transitiveDependents(of: [name]).subtracting([name])
    return [
      "\(name) (\(module.layer ?? "no layer"), \(module.kind.rawValue) in \(module.packageDir), \(module.path))",
      "  uses directly:      \(module.dependencies.joined(separator: ", "))",
      "  uses transitively:  \(uses.subtracting(module.dependencies).sorted().joined(separator: ", "))",
      "  used directly by:   \(graph.dependents(of: name).sorted().joined(separator: ", "))",
      "  used transitively:  \(usedBy.subtracting(graph.dependents(of: name)).sorted().joined(separator: ", "))",
    ].joined(separator: "\n")
  }
}

extension ModuleGraph {
  /// What `name` depends on, transitively (declared dependencies), without `name`.
  public func transitiveDependencies(of name: String) -> Set<String> {
    var uses: Set<String> = []
    var queue = module(named: name)?.dependencies ?? []
    while let next = queue.popLast() {
      if uses.insert(next).inserted { queue += module(named: next)?.dependencies ?? [] }
    }
    return uses
  }

  /// The graph cut down to `name`, what it uses and what uses it (transitively, or up to `depth`
  /// edges away).
  public func focused(on name: String, depth: Int? = nil) throws -> ModuleGraph {
    guard module(named: name) != nil else {
      let known = modules.map(\.name).sorted().joined(separator: ", ")
      throw GraphError("no module named '\(name)'; modules are: \(known)")
    }
    var kept = transitiveDependencies(of: name).union(transitiveDependents(of: [name]))
    if let depth {
      // Breadth first both ways, each way only as far as `depth` edges.
      let index = dependentsIndex()
      var near: Set<String> = [name]
      for next in [{ (n: String) in self.module(named: n)?.dependencies ?? [] }, { index[$0] ?? [] }] {
        var frontier = [name]
        for _ in 0..<depth {
          frontier = frontier.flatMap(next).filter { near.insert($0).inserted }
        }
      }
      kept.formIntersection(near)
    }
    let packages = Set(modules.filter { kept.contains($0.name) }.map(\.packageDir))
    return ModuleGraph(
      modules: modules.filter { kept.contains($0.name) },
      remoteDependencies: remoteDependencies.filter { packages.contains($0.packageDir) })
  }
}

extension ModuleGraph {
  /// One module per package (named by its directory), depending on the packages its modules
  /// declare or import: the drawing of a repository too large to read module by module.
  public func collapsedToPackages() -> ModuleGraph {
    let packageOf = Dictionary(
      modules.map { ($0.name, $0.packageDir) }, uniquingKeysWith: { first, _ in first })
    var byPackage: [String: Module] = [:]
    for module in modules {
      var package =
        byPackage[module.packageDir]
        ?? Module(
          name: module.packageDir, package: module.package, packageDir: module.packageDir,
          path: module.packageDir,
          kind: .library, layer: nil, dependencies: [], uses: [])
      let declared = module.dependencies.compactMap { packageOf[$0] }.filter { $0 != module.packageDir }
      package.dependencies = Array(Set(package.dependencies + declared)).sorted()
      for use in module.uses where !use.isCanImport {
        guard let target = packageOf[use.module], target != module.packageDir else { continue }
        var moved = use
        moved.module = target
        package.uses.append(moved)
      }
      byPackage[module.packageDir] = package
    }
    var graph = ModuleGraph(
      modules: byPackage.keys.sorted().compactMap { byPackage[$0] }, remoteDependencies: [])
    graph.isCollapsed = true
    return graph
  }
}
