import Foundation

/// Renders the whole graph for tools: Graphviz DOT, Mermaid or JSON.
public enum GraphFormatter {
  /// The declared dependency edges, sorted, as (from, to) pairs.
  static func edges(_ graph: ModuleGraph) -> [(String, String)] {
    graph.modules.flatMap { module in module.dependencies.map { (module.name, $0) } }
  }

  /// A Graphviz digraph with one cluster per package.
  public static func dot(_ graph: ModuleGraph) -> String {
    var lines = ["digraph modules {", "  rankdir=LR;", "  node [shape=box];"]
    let packages = Array(Set(graph.modules.map(\.packageDir))).sorted()
    for (index, package) in packages.enumerated() {
      lines.append("  subgraph cluster_\(index) {")
      lines.append("    label=\"\(package)\";")
      for module in graph.modules where module.packageDir == package {
        lines.append("    \"\(module.name)\" [label=\"\(module.name)\\n\(module.layer ?? "?")\"];")
      }
      lines.append("  }")
    }
    for (from, to) in edges(graph) { lines.append("  \"\(from)\" -> \"\(to)\";") }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A Mermaid flowchart (`graph LR`).
  public static func mermaid(_ graph: ModuleGraph) -> String {
    func id(_ name: String) -> String { name.replacingOccurrences(of: "-", with: "_") }
    var lines = ["graph LR"]
    for module in graph.modules { lines.append("  \(id(module.name))[\"\(module.name)\"]") }
    for (from, to) in edges(graph) { lines.append("  \(id(from)) --> \(id(to))") }
    return lines.joined(separator: "\n")
  }

  /// The graph as pretty, key-sorted JSON (modules with package, path, layer, dependencies, uses).
  public static func json(_ graph: ModuleGraph) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(graph), as: UTF8.self)
  }

  /// What `name` uses and what uses it, directly and transitively.
  public static func focus(_ graph: ModuleGraph, on name: String) throws -> String {
    guard let module = graph.module(named: name) else {
      let known = graph.modules.map(\.name).sorted().joined(separator: ", ")
      throw GraphError("no module named '\(name)'; modules are: \(known)")
    }
    var uses: Set<String> = []
    var queue = module.dependencies
    while let next = queue.popLast() {
      if uses.insert(next).inserted { queue += graph.module(named: next)?.dependencies ?? [] }
    }
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
