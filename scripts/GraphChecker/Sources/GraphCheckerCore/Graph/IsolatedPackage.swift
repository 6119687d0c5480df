import Foundation

/// A scratch package that builds and tests one module without the rest of its package.
///
/// SwiftPM on Linux links every test target of a package into one test bundle, so
/// `swift test --filter` in a package of 100 features compiles and links 100 features' tests.
/// The scratch package declares only the module, its test targets and the modules of its own
/// package they need (their source folders linked, not copied), and reaches every other package
/// with `.package(path:)`, so its build grows with what the module uses, not with its package.
///
/// ```
/// let package = try IsolatedPackage(module: "FanRoom", graph: graph, root: root)
/// try package.write(to: root.appendingPathComponent("Packages/FanApp/.build/isolated/FanRoom"))
/// ```
public struct IsolatedPackage: Sendable, Equatable {
  /// A target of the scratch package: its name, kind and where its linked folder points.
  public struct Target: Sendable, Equatable {
    /// The module's name.
    public var name: String
    /// Library, executable or test.
    public var kind: Module.Kind
    /// The real source folder, relative to the repository root.
    public var path: String
  }

  /// The module the package is made for.
  public var module: String
  /// The real package directory, relative to the root (`Packages/FanApp`).
  public var packageDir: String
  /// Its targets, in dependency order (dependencies first), then its test targets.
  public var targets: [Target]
  /// The test targets it runs.
  public var tests: [String]
  /// The text of its `Package.swift`.
  public var manifest: String

  /// The scratch package for `module` (a module or a test target): that module, its own test
  /// targets (as `locate` finds them), every module of the same package they need and the
  /// executables those tests run.
  ///
  /// Throws when the module is unknown, uses a package outside the repository, or declares
  /// resources or build settings (which the scratch package would silently lose).
  public init(module name: String, graph: ModuleGraph, root: URL) throws {
    let location = try graph.locate(name)
    guard let module = graph.module(named: name) else { throw GraphError("no module named '\(name)'") }
    let dir = module.packageDir
    let tests = location.tests
    // Every module of the same package that the module or its tests need, depth first so that a
    // dependency is declared before its dependents.
    var ordered: [Module] = []
    var seen: Set<String> = []
    func visit(_ name: String) throws {
      guard !seen.contains(name), let next = graph.module(named: name), next.packageDir == dir else { return }
      seen.insert(name)
      if let reason = next.notIsolable {
        throw GraphError(
          "cannot build \(name) outside \(dir): \(reason); build it in its package instead "
            + "(swift build --package-path \(dir) --target \(name))")
      }
      if !next.externalDependencies.isEmpty {
        throw GraphError(
          "cannot build \(name) outside \(dir): it uses \(next.externalDependencies.joined(separator: ", ")) "
            + "from a package outside the repository")
      }
      for dependency in next.dependencies + next.runsModules { try visit(dependency) }
      ordered.append(next)
    }
    try visit(name)
    for test in tests { try visit(test) }

    self.module = name
    self.packageDir = dir
    self.tests = tests
    self.targets = ordered.map { Target(name: $0.name, kind: $0.kind, path: $0.path) }
    self.manifest = Self.manifest(
      for: ordered, module: name, packageDir: dir, graph: graph, root: root.standardizedFileURL)
  }

  /// Writes `Package.swift` (only when its text changed, so SwiftPM keeps its cached plan) and one
  /// link per target under `Sources/` or `Tests/` of `directory`, pointing at the real folder.
  public func write(to directory: URL, root: URL) throws {
    let fm = FileManager.default
    do {
      for folder in ["Sources", "Tests"] {
        let url = directory.appendingPathComponent(folder)
        // Links left by an earlier layout (a module since renamed or moved) would be targets too.
        if let existing = try? fm.contentsOfDirectory(atPath: url.path) {
          let wanted = Set(targets.filter { ($0.kind == .test) == (folder == "Tests") }.map(\.name))
          for entry in existing where !wanted.contains(entry) {
            try fm.removeItem(at: url.appendingPathComponent(entry))
          }
        }
        try fm.createDirectory(at: url, withIntermediateDirectories: true)
      }
      for target in targets {
        let link = directory.appendingPathComponent(
          "\(target.kind == .test ? "Tests" : "Sources")/\(target.name)")
        let destination = root.standardizedFileURL.appendingPathComponent(target.path).path
        if (try? fm.destinationOfSymbolicLink(atPath: link.path)) == destination { continue }
        if (try? fm.attributesOfItem(atPath: link.path)) != nil { try fm.removeItem(at: link) }
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
      }
      let file = directory.appendingPathComponent("Package.swift")
      if (try? String(contentsOf: file, encoding: .utf8)) != manifest {
        try manifest.write(to: file, atomically: true, encoding: .utf8)
      }
    } catch {
      throw GraphError(
        "cannot write the isolated package in \(directory.path): \(error.localizedDescription)")
    }
  }

  private static func manifest(
    for modules: [Module], module: String, packageDir: String, graph: ModuleGraph, root: URL
  ) -> String {
    let local = Set(modules.map(\.name))
    var packages: Set<String> = []
    func dependency(_ name: String) -> String {
      if local.contains(name) { return "\"\(name)\"" }
      guard let owner = graph.module(named: name) else { return "\"\(name)\"" }
      packages.insert(owner.packageDir)
      // The product that vends it: the one named after it, else any library that contains it.
      let products = graph.products[owner.packageDir] ?? [:]
      let product =
        products[name] != nil
        ? name : products.filter { $0.value.contains(name) }.map(\.key).sorted().first ?? name
      let identity = (owner.packageDir as NSString).lastPathComponent
      return ".product(name: \"\(product)\", package: \"\(identity)\")"
    }
    var targets: [String] = []
    for item in modules {
      let call =
        switch item.kind {
        case .test: "testTarget"
        case .executable: "executableTarget"
        case .system: "systemLibrary"
        default: "target"
        }
      var arguments = ["name: \"\(item.name)\""]
      if item.kind != .system {
        arguments.append("dependencies: [\(item.dependencies.map(dependency).joined(separator: ", "))]")
      }
      arguments.append("path: \"\(item.kind == .test ? "Tests" : "Sources")/\(item.name)\"")
      if let pkgConfig = item.pkgConfig { arguments.append("pkgConfig: \"\(pkgConfig)\"") }
      if let exclude = item.exclude {
        arguments.append("exclude: [\(exclude.map { "\"\($0)\"" }.joined(separator: ", "))]")
      }
      if let sources = item.sources {
        arguments.append("sources: [\(sources.map { "\"\($0)\"" }.joined(separator: ", "))]")
      }
      targets.append("    .\(call)(\(arguments.joined(separator: ", ")))")
    }
    let platforms = (graph.platforms[packageDir] ?? [:]).sorted { $0.key < $1.key }.map { name, version in
      var parts = version.parts.map(String.init)
      while parts.count < 2 { parts.append("0") }
      return ".\(name)(\"\(parts.joined(separator: "."))\")"
    }
    let dependencies = packages.sorted().map {
      "    .package(path: \"\(root.appendingPathComponent($0).path)\")"
    }
    return """
      // swift-tools-version: 6.0
      // Generated by scripts/build-module and scripts/test-module: \(module) of \(packageDir) alone,
      // with its tests and what they need; the folders under Sources/ and Tests/ link to the real ones.
      import PackageDescription

      let package = Package(
        name: "Isolated\(module)",
        platforms: [\(platforms.joined(separator: ", "))],
        dependencies: [
      \(dependencies.joined(separator: ",\n"))
        ],
        targets: [
      \(targets.joined(separator: ",\n"))
        ]
      )

      """
  }
}
