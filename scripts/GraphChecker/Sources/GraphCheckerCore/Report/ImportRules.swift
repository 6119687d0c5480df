/// The rules that need no policy, only the manifests and the sources: what a module imports
/// against what it declares (implicit imports, unused, dangling and misspelt names, `@testable`
/// outside tests, imports of platform-conditional dependencies outside a platform `#if`).
struct ImportRules {
  var module: Module
  var graph: ModuleGraph
  /// The module's manifest, relative to the root.
  var manifest: String
  var locate: ManifestLocator

  func violations() -> [Violation] {
    implicitImports() + unusedDependencies() + danglingNames() + testableImports() + conditionalImports()
  }

  /// Imports of in-repo modules and of remote products that the module does not declare.
  private func implicitImports() -> [Violation] {
    let declared = Set(module.dependencies).union(
      module.declared.filter(\.isRemote).map { ModuleNames.c99($0.name) })
    var reported: Set<String> = []
    var result: [Violation] = []
    for use in module.uses
    where !use.isCanImport && !declared.contains(use.module)
      && reported.insert("\(use.module)|\(use.file)").inserted
    {
      result.append(
        Violation(
          rule: "implicit-import", file: use.file, line: use.line,
          message: "\(module.name) imports \(use.module) without declaring it as a direct dependency",
          fix: declarationFix(for: use.module),
          key: "implicit-import|\(module.name)|\(use.module)|\(use.file)"))
    }
    return result
  }

  /// How to declare `name`, in the form that can be carried out: a target by name, a product of
  /// another package (with the package dependency when the package has none yet), or, for a
  /// module no product vends or a test target, what has to change first.
  private func declarationFix(for name: String) -> String {
    let into = "to the dependencies of \(module.name) in \(manifest)"
    guard let target = graph.modules.first(where: { $0.name == name }) else {
      let package = graph.remotePackages[name] ?? ""
      let entry = package.isEmpty ? "\"\(name)\"" : ".product(name: \"\(name)\", package: \"\(package)\")"
      return "add \(entry) \(into)"
    }
    if target.kind == .test {
      return "\(name) is a test target, which no module can import: move what \(module.name) needs from it "
        + "into a library target and declare that"
    }
    if target.packageDir == module.packageDir { return "add \"\(name)\" \(into)" }
    let products = graph.products[target.packageDir] ?? [:]
    let identity = String(target.packageDir.split(separator: "/").last ?? "")
    let product =
      products[name] == [name]
      ? name
      : products.filter { $0.value.contains(name) }.min {
        ($0.value.count, $0.key) < ($1.value.count, $1.key)
      }?.key
    guard let product else {
      return "\(target.packageDir) vends no product containing \(name): add .library(name: \"\(name)\", "
        + "targets: [\"\(name)\"]) to its products, then add .product(name: \"\(name)\", package: "
        + "\"\(identity)\") \(into)"
    }
    let dependsOnPackage = graph.packageDependencies[module.packageDir]?.contains(target.packageDir) == true
    return "add .product(name: \"\(product)\", package: \"\(identity)\") \(into)"
      + (dependsOnPackage
        ? ""
        : ", and .package(path: \"\(relativePath(from: module.packageDir, to: target.packageDir))\") to its package dependencies")
  }

  /// `to` as a path from the folder `from` (both relative to the root): `../CommonKit`.
  private func relativePath(from: String, to: String) -> String {
    var from = from == "." ? [] : from.split(separator: "/")
    var to = to == "." ? [] : to.split(separator: "/")
    while let first = from.first, first == to.first {
      from.removeFirst()
      to.removeFirst()
    }
    let path = Array(repeating: "..", count: from.count) + to.map(String.init)
    return path.isEmpty ? "." : path.joined(separator: "/")
  }

  /// Declared in-repo dependencies whose modules no source imports (a product counts as used when
  /// any of its modules is).
  private func unusedDependencies() -> [Violation] {
    let used = Set(module.uses.map(\.module))
    var result: [Violation] = []
    var seen: Set<String> = []
    for entry in module.declared
    where !entry.isRemote && entry.dangling == nil && !entry.modules.isEmpty
      && !entry.modules.contains(where: used.contains) && seen.insert(entry.name).inserted
    {
      let modules = entry.modules.map { graph.module(named: $0)?.importName ?? $0 }
      let what =
        entry.modules == [entry.name]
        ? "\(entry.name) but none of its sources imports it"
        : "\(entry.name) (modules \(modules.joined(separator: ", "))) but none of its sources imports any of them"
      let remove = "remove \(entry.source) from the dependencies of \(module.name)"
      let extended = entry.modules.contains { graph.module(named: $0)?.declaresExtensions == true }
      result.append(
        Violation(
          rule: "unused-dependency", file: manifest,
          line: locate.dependencyLine(target: module.name, dependency: entry.name),
          message: "\(module.name) declares \(what)",
          fix: extended
            ? "import \(modules.joined(separator: " or ")) in the files that use it (its extensions' members, "
              + "such as a dependency key, are visible without an import), or \(remove) if nothing uses it"
            : "\(remove), or import it where it is used",
          key: "unused-dependency|\(module.name)|\(entry.name)"))
    }
    return result
  }

  /// Declared names that name nothing, and imports of modules nothing has (``Module/unresolvedImports``).
  private func danglingNames() -> [Violation] {
    var result: [Violation] = []
    for entry in module.declared {
      guard let reason = entry.dangling else { continue }
      let close = graph.closeNames(to: entry.name)
      result.append(
        Violation(
          rule: "dangling-dependency", file: manifest,
          line: locate.dependencyLine(target: module.name, dependency: entry.name),
          message: "\(module.name) declares \(entry.source), which names nothing: \(reason)",
          fix: (close.isEmpty ? "" : "did you mean \(close.joined(separator: ", "))? ")
            + "correct it or remove it from the dependencies of \(module.name) (SwiftPM does not load the "
            + "package until then)",
          key: "dangling-dependency|\(module.name)|\(entry.name)"))
    }
    var reported: Set<String> = []
    for use in module.unresolvedImports where reported.insert("\(use.module)|\(use.file)").inserted {
      let close = use.closeNames ?? []
      result.append(
        Violation(
          rule: "unknown-import", file: use.file, line: use.line,
          message: "\(module.name) imports \(use.module), which no package of the repository declares"
            + (close.isEmpty ? " and neither the toolchain nor an SDK has" : ""),
          fix: close.isEmpty
            ? "if \(use.module) was deleted or renamed, remove the import or import what replaced it; if the "
              + "name is misspelt, correct it; if a package vends it, declare that product in "
              + "\(manifest); if only some platforms have it, wrap the import in `#if canImport(\(use.module))`"
            : "did you mean \(close.joined(separator: ", "))? correct the import, or declare "
              + "the package that vends \(use.module)",
          key: "unknown-import|\(module.name)|\(use.module)|\(use.file)"))
    }
    return result
  }

  /// `@testable import` outside a test target: a release build (no `-enable-testing`) fails.
  private func testableImports() -> [Violation] {
    guard module.kind != .test else { return [] }
    return module.uses.filter(\.isTestable).map { use in
      Violation(
        rule: "testable-import", file: use.file, line: use.line,
        message:
          "\(module.name) (\(module.kind.rawValue)) uses @testable import \(use.module): a release build, "
          + "compiled without testing enabled, fails",
        fix:
          "import it without @testable and use its public or package API; keep @testable imports in test targets",
        key: "testable-import|\(module.name)|\(use.module)|\(use.file)")
    }
  }

  /// Imports of a dependency declared `.when(platforms:)` that no platform `#if` encloses: on
  /// the other platforms the module is not built, and the import fails.
  private func conditionalImports() -> [Violation] {
    var conditional: [String: Module.Declared] = [:]
    for entry in module.declared where entry.platforms != nil {
      for name in entry.isRemote ? [ModuleNames.c99(entry.name)] : entry.modules { conditional[name] = entry }
    }
    guard !conditional.isEmpty else { return [] }
    return module.uses.filter { !$0.isCanImport && !$0.isGuarded }.compactMap { use in
      guard let entry = conditional[use.module], let platforms = entry.platforms else { return nil }
      let name = graph.module(named: use.module)?.importName ?? use.module
      return Violation(
        rule: "conditional-import", file: use.file, line: use.line,
        message:
          "\(module.name) imports \(name), which \(manifest) declares only for \(platforms.joined(separator: ", ")) "
          + "(.when(platforms:)), outside a platform #if: the build for any other platform fails",
        fix: "wrap the import and the code using it in `#if canImport(\(name))`, or drop the condition from "
          + "\(entry.source)",
        key: "conditional-import|\(module.name)|\(use.module)|\(use.file)")
    }
  }
}
