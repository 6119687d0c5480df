import Foundation

/// Applies the rules to a module graph and lists every violation.
public struct Checker: Sendable {
  /// The rules to apply.
  public var rules: Rules
  /// Reads a package manifest's text to point reports at the right line (injectable for tests).
  public var manifestText: @Sendable (String) -> String?

  /// Creates a checker; `manifestText` maps a package dir to its `Package.swift` text.
  public init(rules: Rules, manifestText: @escaping @Sendable (String) -> String? = { _ in nil }) {
    self.rules = rules
    self.manifestText = manifestText
  }

  /// Every violation in `graph`, sorted by file and line.
  public func check(_ graph: ModuleGraph) -> [Violation] {
    var violations: [Violation] = []
    let byName = Dictionary(grouping: graph.modules, by: \.name)
    for remote in graph.remoteDependencies {
      violations.append(
        Violation(
          rule: "remote-package", file: ModuleGraph.manifest(remote.packageDir),
          line: locator(remote.packageDir).line(containing: ".package(url"),
          message: "\(remote.packageDir) depends on the remote package \(remote.location)",
          fix: "remove it; only local .package(path:) dependencies and the toolchain are allowed",
          key: "remote-package|\(remote.packageDir)|\(remote.location)"))
    }
    // One locator per package, and lines looked up only for violations: the manifest scans are
    // what the check's time grows with.
    var locators: [String: ManifestLocator] = [:]
    for dir in Set(graph.modules.map(\.packageDir)) { locators[dir] = locator(dir) }
    let dependents = graph.dependentsIndex()
    for module in graph.modules {
      violations += check(
        module, graph: graph, byName: byName, dependents: dependents[module.name] ?? [],
        locate: locators[module.packageDir] ?? locator(module.packageDir))
      for run in module.runsModules where byName[run] == nil {
        violations.append(
          Violation(
            rule: "unknown-run", file: "scripts/graph-rules.json", line: 1,
            message: "the rules say \(module.name) runs \(run), but no module is named \(run)",
            fix: "correct or remove that entry of `runs` in scripts/graph-rules.json",
            key: "unknown-run|\(module.name)|\(run)"))
      }
    }
    violations += duplicateNames(graph)
    if let portability = rules.portability { violations += portabilityViolations(graph, portability) }
    violations += cycles(graph)
    for index in violations.indices {
      violations[index].severity = rules.severity(of: violations[index].rule)
    }
    violations.removeAll { $0.severity == .off }
    return violations.sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
  }

  /// Two modules with one name, or names equal but for case: SwiftPM cannot put both in one build,
  /// and on a case-insensitive file system (macOS) their build products overwrite each other.
  private func duplicateNames(_ graph: ModuleGraph) -> [Violation] {
    let groups = Dictionary(grouping: graph.modules) { $0.name.lowercased() }
    return groups.keys.sorted().compactMap { key -> Violation? in
      guard let group = groups[key], group.count > 1 else { return nil }
      let sorted = group.sorted { ($0.packageDir, $0.name) < ($1.packageDir, $1.name) }
      let places = sorted.map { "\($0.name) (\($0.packageDir))" }.joined(separator: ", ")
      let second = sorted[1]
      let sameName = Set(group.map(\.name)).count == 1
      return Violation(
        rule: "duplicate-module", file: ModuleGraph.manifest(second.packageDir),
        line: locator(second.packageDir).targetLine(second.name),
        message: sameName
          ? "module name \(second.name) is declared more than once: \(places)"
          : "module names differ only by case: \(places)",
        fix: "rename one of them: module names must be unique in the repository, ignoring case",
        key: "duplicate-module|\(key)")
    }
  }

  private func check(
    _ module: Module, graph: ModuleGraph, byName: [String: [Module]], dependents: [String],
    locate: ManifestLocator
  ) -> [Violation] {
    var result: [Violation] = []
    // With a duplicate name (reported apart), a module in the same package is the one meant.
    func named(_ name: String) -> Module? {
      byName[name]?.first { $0.packageDir == module.packageDir } ?? byName[name]?.first
    }
    let manifest = ModuleGraph.manifest(module.packageDir)
    func targetLine() -> Int { locate.targetLine(module.name) }
    result += ImportRules(module: module, graph: graph, manifest: manifest, locate: locate).violations()
    guard let layer = module.layer else {
      guard !rules.layers.isEmpty else { return result }
      return result + [
        Violation(
          rule: "unknown-layer", file: manifest, line: targetLine(),
          message: "\(module.name) matches no layer of the rules",
          fix: "rename it to match a layer's pattern or add it to a layer in scripts/graph-rules.json",
          key: "unknown-layer|\(module.name)")
      ]
    }
    // Edges: a declared one at its line in the manifest (where the fix goes); an undeclared one at
    // its first import.
    // An undeclared edge is reported in every file that imports it (first import of each file),
    // so a baseline entry for one file does not cover the same import added to another.
    var edges: [(to: String, file: String, line: Int?, key: String)] = []
    for dependency in module.dependencies { edges.append((dependency, manifest, nil, "")) }
    for use in module.uses
    where !use.isCanImport && !module.dependencies.contains(use.module)
      && !edges.contains(where: { $0.to == use.module && $0.file == use.file })
    {
      edges.append((use.module, use.file, use.line, "|\(use.file)"))
    }
    for edge in edges {
      guard let target = named(edge.to), let targetLayer = target.layer else { continue }
      func line() -> Int { edge.line ?? locate.dependencyLine(target: module.name, dependency: edge.to) }
      if !rules.allows(from: layer, to: targetLayer) {
        let allowed = rules.layers.first { $0.name == layer }?.mayImport.joined(separator: ", ") ?? ""
        result.append(
          Violation(
            rule: "layer", file: edge.file, line: line(),
            message:
              "\(module.name) (\(layer)) depends on \(edge.to) (\(targetLayer)); \(layer) may import only: \(allowed)",
            fix:
              "move the code that needs \(edge.to) to a layer allowed to use it, or depend on an interface instead",
            key: "layer|\(module.name)|\(edge.to)\(edge.key)"))
      }
      for rule in rules.forbidden
      where rule.from.contains(where: { Pattern.matches($0, module) })
        && rule.to.contains(where: { Pattern.matches($0, target) })
        && !(rule.except ?? []).contains(where: { Pattern.matches($0, module) })
        && !(rule.exceptTo ?? []).contains(where: { Pattern.matches($0, target) })
      {
        result.append(
          Violation(
            rule: rule.name, file: edge.file, line: line(),
            message: "\(module.name) depends on \(edge.to)", fix: rule.fix,
            key: "\(rule.name)|\(module.name)|\(edge.to)\(edge.key)"))
      }
    }
    if dependents.isEmpty, module.kind == .library || module.kind == .system,
      !rules.orphanExemptLayers.contains(layer)
    {
      result.append(
        Violation(
          rule: "orphan-module", file: manifest, line: targetLine(),
          message: "no module depends on \(module.name) (not even a test)",
          fix: "add a test target for \(module.name), use it from its consumer, or delete it",
          key: "orphan-module|\(module.name)"))
    }
    return result
  }

  /// Strongly connected components of more than one module (or a module depending on itself).
  private func cycles(_ graph: ModuleGraph) -> [Violation] {
    let names = graph.modules.map(\.name)
    var edges: [String: [String]] = [:]
    for module in graph.modules {
      edges[module.name] = Array(Set(module.dependencies + module.importedModules)).sorted()
    }
    var index = 0
    var indices: [String: Int] = [:]
    var lowlink: [String: Int] = [:]
    var stack: [String] = []
    var onStack: Set<String> = []
    var components: [[String]] = []
    func connect(_ node: String) {
      indices[node] = index
      lowlink[node] = index
      index += 1
      stack.append(node)
      onStack.insert(node)
      for next in edges[node] ?? [] where edges[next] != nil {
        if indices[next] == nil {
          connect(next)
          lowlink[node] = min(lowlink[node] ?? 0, lowlink[next] ?? 0)
        } else if onStack.contains(next) {
          lowlink[node] = min(lowlink[node] ?? 0, indices[next] ?? 0)
        }
      }
      if lowlink[node] == indices[node] {
        var component: [String] = []
        while let top = stack.popLast() {
          onStack.remove(top)
          component.append(top)
          if top == node { break }
        }
        if component.count > 1 || (edges[node] ?? []).contains(node) { components.append(component.sorted()) }
      }
    }
    for name in names where indices[name] == nil { connect(name) }
    return components.map { component in
      let first = graph.module(named: component[0])
      let dir = first?.packageDir ?? ""
      // Point at the first module's declared edge into the cycle: one place to cut it.
      let next = first?.dependencies.first { component.contains($0) }
      let locate = locator(dir)
      return Violation(
        rule: "cycle", file: ModuleGraph.manifest(dir),
        line: next.map { locate.dependencyLine(target: component[0], dependency: $0) }
          ?? locate.targetLine(component[0]),
        message: "dependency cycle among \(component.joined(separator: ", "))",
        fix: "break the cycle: move the shared code into a lower-layer module both can import",
        key: "cycle|\(component.joined(separator: ","))")
    }
  }

  func locator(_ packageDir: String) -> ManifestLocator {
    ManifestLocator(text: manifestText(packageDir) ?? "")
  }
}
