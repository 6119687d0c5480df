/// The portability rules: APIs above a package's declared platforms, platform-only calls outside
/// a platform `#if`, and iOS-facing packages that do not declare iOS.
extension Checker {
  /// Every portability violation of `graph` under `portability`.
  func portabilityViolations(_ graph: ModuleGraph, _ portability: Rules.Portability) -> [Violation] {
    var result: [Violation] = []
    let gated = Dictionary(
      portability.availability.map { ($0.api, $0) }, uniquingKeysWith: { first, _ in first })
    let linuxOnly = Set(portability.linuxOnly)
    for module in graph.modules {
      let declared = graph.platforms[module.packageDir] ?? [:]
      // SwiftPM's own minimum when a package declares no macOS.
      let targets: [(String, Version)] =
        [("macOS", declared["macOS"] ?? Version("10.13")!)] + (declared["iOS"].map { [("iOS", $0)] } ?? [])
      for use in module.portability {
        let key = "\(use.api)|\(use.file)"
        // Every use is reported at its line; the key names the file, so one baseline entry covers
        // a file's uses but not the same API in another file.
        if let rule = gated[use.api] {
          let short = targets.filter { platform, version in
            let need = platform == "macOS" ? rule.macOS : rule.iOS
            return version < need && (use.guarded[platform].map { $0 < need } ?? true)
          }
          guard !short.isEmpty else { continue }
          let declaredText = targets.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
          result.append(
            Violation(
              rule: "availability", file: use.file, line: use.line,
              message:
                "\(module.name) uses \(rule.declaration ?? use.api), which needs macOS \(rule.macOS) / iOS \(rule.iOS), but "
                + "\(module.packageDir) declares \(declaredText) and nothing guards this use",
              fix:
                "wrap it in `if #available(macOS \(rule.macOS), iOS \(rule.iOS), *) { … } else { … }` "
                + "(or mark the declaration @available), or raise the platforms of \(ModuleGraph.manifest(module.packageDir))",
              key: "availability|\(module.name)|\(key)"))
        } else if gated[use.api] == nil, !use.insidePlatformCheck {
          let linux = linuxOnly.contains(use.api)
          let check = linux ? "#if canImport(Glibc)" : "#if canImport(Darwin)"
          result.append(
            Violation(
              rule: "platform-only", file: use.file, line: use.line,
              message:
                "\(module.name) uses \(use.api), which exists only on \(linux ? "Linux" : "Apple platforms"), "
                + "outside a platform check",
              fix:
                "put it inside `\(check)` with a branch for the other platforms (or behind a seam that has one)",
              key: "platform-only|\(module.name)|\(key)"))
        }
      }
    }
    let appleLayers = Set(portability.appleLayers)
    // An iOS build of a layer's product builds what it imports too: a layer an iOS app uses may
    // import only layers an iOS app uses, or the terminal kit would ride along.
    for layer in rules.layers where appleLayers.contains(layer.name) {
      for imported in layer.mayImport where !appleLayers.contains(imported) {
        result.append(
          Violation(
            rule: "apple-layers", file: "scripts/graph-rules.json", line: 1,
            message:
              "the layer \(layer.name), which an iOS app uses (`portability.appleLayers`), may import \(imported), "
              + "which is not one of those layers, so an iOS build of its products would build \(imported) too",
            fix:
              "remove \(imported) from the mayImport of \(layer.name), or add it to `portability.appleLayers` "
              + "if an iOS app uses it",
            key: "apple-layers|\(layer.name)|\(imported)"))
      }
    }
    var reported: Set<String> = []
    for module in graph.modules
    where module.kind == .library && module.layer.map(appleLayers.contains) == true
      && graph.platforms[module.packageDir]?["iOS"] == nil && reported.insert(module.packageDir).inserted
    {
      result.append(
        Violation(
          rule: "platforms", file: ModuleGraph.manifest(module.packageDir),
          line: locator(module.packageDir).line(containing: "platforms:"),
          message:
            "\(module.packageDir) holds \(module.name) (\(module.layer ?? "")), which an iOS app uses, but declares no iOS platform",
          fix: "add .iOS(.vNN) to its platforms: the lowest iOS that has every API it uses",
          key: "platforms|\(module.packageDir)"))
    }
    return result
  }

  /// The packages holding modules of the layers an iOS app uses, sorted.
  public static func applePackages(_ graph: ModuleGraph, _ portability: Rules.Portability) -> [String] {
    let layers = Set(portability.appleLayers)
    return Set(
      graph.modules.filter { $0.kind == .library && $0.layer.map(layers.contains) == true }.map(\.packageDir)
    ).sorted()
  }

  /// The library products an iOS app can use: `PACKAGE_DIR PRODUCT` for each product of the
  /// ``applePackages(_:_:)`` whose modules are all libraries of those layers (so no benchmark,
  /// preview or other executable, and nothing outside the layers), sorted.
  public static func appleProducts(_ graph: ModuleGraph, _ portability: Rules.Portability) -> [String] {
    let layers = Set(portability.appleLayers)
    let apple = Set(
      graph.modules.filter { $0.kind == .library && $0.layer.map(layers.contains) == true }
        .map { "\($0.packageDir)\u{0}\($0.name)" })
    return applePackages(graph, portability).flatMap { dir in
      (graph.products[dir] ?? [:]).filter { _, targets in
        !targets.isEmpty && targets.allSatisfy { apple.contains("\(dir)\u{0}\($0)") }
      }
      .keys.sorted().map { "\(dir) \($0)" }
    }
  }
}
