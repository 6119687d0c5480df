import Foundation

/// The `graph-checker` command: parses arguments, loads the graph, checks or renders it.
///
/// ```
/// graph-checker --root . [--format text|github|sarif|dot|mermaid|json] [--focus NAME]
///                         [--update-baseline] [--strict-baseline]
/// graph-checker --root . locate NAME
/// graph-checker --root . isolate NAME
/// graph-checker --root . affected [--packages|--tests|--format github-matrix] FILE...
/// graph-checker --root . affected --base REV [--packages|--tests|--format github-matrix]
/// graph-checker edit-manifest Package.swift [--product|--dependency|--target ENTRY]...
/// ```
public struct GraphCommand: Sendable {
  /// What the command printed and its exit status.
  public struct Result: Sendable, Equatable {
    /// Standard output text.
    public var output: String
    /// 0 when clean (or only known violations and warnings), 1 on violations, 2 on usage or load
    /// errors.
    public var status: Int32
    /// Standard error text: notes, and the violations when stdout carries a graph.
    public var errorOutput: String = ""
  }

  /// The usage text.
  public static let usage = """
    usage: graph-checker [--root DIR] [--rules FILE] [--baseline FILE] [--manifests dump|files]
                         [--format text|github|sarif|dot|mermaid|json] [--focus MODULE]
                         [--update-baseline]
      --root DIR          repository root (default: current directory); every Package.swift under
                          it is checked (hidden folders left out), or those the rules' `packages`
                          patterns name
      --rules FILE        rules (default: ROOT/.graph-rules.json; without one, only the rules that
                          need no policy: imports, unused and dangling names, cycles, @testable,
                          platform-conditional imports)
      --baseline FILE     known violations (default: ROOT/.graph-baseline.json)
      --manifests KIND    dump: run `swift package dump-package` and `describe` (cached); files:
                          read manifest.json next to each Package.swift
      --cache DIR         where their answers are cached (default: ROOT/.build/graph-checker)
      --format F          text (violations, default); github: workflow annotations (::error
                          file=…); sarif: SARIF 2.1.0 for code scanning; dot, mermaid or json: the
                          graph (undeclared imports drawn dashed), violations on stderr (json: in
                          the document)
      --focus MODULE      what MODULE uses and what uses it (in any --format)
      --depth N           with --focus: only modules N edges away or closer
      --collapse packages draw one node per package (dot, mermaid); --by-package says the same
      --include GLOBS     draw only modules matching one of these comma-separated patterns
                          (`Fan*`, `Packages/FanApp:*`)
      --exclude GLOBS     leave out modules matching one of these patterns
      --no-tests          leave test targets out of a dot, mermaid or json graph
      --update-baseline   record every current violation as known
      --strict-baseline   fail when a baseline entry no longer matches a violation
      --timings           also print on stderr how long each step took (manifests, sources,
                          graph, check)
    every format exits 1 when an error (not known, not a warning) is found
    commands (instead of checking):
      locate NAME                  print "PACKAGE_DIR KIND TEST,TARGETS" for module NAME
                                   (exit 2 with the closest names when there is none)
      isolate NAME                 write a scratch package with only NAME, its tests and what
                                   they need, in PACKAGE_DIR/.build/isolated/NAME, and print
                                   "SCRATCH_DIR KIND TEST,TARGETS" (for build-module, test-module)
      affected [--packages|--tests|--format github-matrix] (--base REV | FILE…)
                                   modules owning the changed FILEs (relative to the root), or
                                   the files changed since REV (git diff, a rename or move
                                   counting as both paths, plus untracked files), and
                                   every module depending on them, one per line (--packages:
                                   their package directories instead; --tests: only test targets;
                                   github-matrix: the packages as a GitHub Actions job matrix);
                                   docs-only and unowned files are named on stderr
      apple-packages               the package directories holding modules of the rules'
                                   `portability.appleLayers` (what an iOS app uses), one per line
      darwin-branches              per file, the lines of its `#if` branches that compile only
                                   on Apple platforms, and their total
      apple-products               "PACKAGE_DIR PRODUCT" for each library product of those
                                   packages whose modules are all in those layers (what an iOS
                                   build builds: no executables, benchmarks or previews)
      edit-manifest FILE [--product ENTRY] [--dependency ENTRY] [--target ENTRY]…
                                   append each ENTRY (Swift source) to that array of FILE's
                                   Package( call; a dependency already there is skipped
    """

  private static let formats = ["text", "github", "sarif", "dot", "mermaid", "json"]

  private var options: [String: String] = [:]
  private var flags: Set<String> = []
  private var command: [String] = []
  private var manifestEdits: [(array: ManifestEditor.Array, entry: String)] = []

  /// Parses `arguments` (without the program name).
  public init(arguments: [String]) throws {
    // `scripts/check-graph` puts `--root DIR` first; edit-manifest needs no root.
    if let start = arguments.firstIndex(of: "edit-manifest") {
      try parseEdits(Array(arguments[(start + 1)...]))
      return
    }
    var index = 0
    let valued: Set<String> = [
      "--root", "--rules", "--baseline", "--manifests", "--cache", "--format", "--focus", "--depth",
      "--collapse", "--include", "--exclude", "--base",
    ]
    while index < arguments.count {
      let argument = arguments[index]
      if valued.contains(argument) {
        guard index + 1 < arguments.count else {
          throw GraphError("\(argument) needs a value\n\(Self.usage)")
        }
        options[argument] = arguments[index + 1]
        index += 2
      } else if [
        "--update-baseline", "--strict-baseline", "--packages", "--tests", "--no-tests", "--by-package",
        "--timings",
        "--help", "-h",
      ]
      .contains(
        argument)
      {
        flags.insert(argument)
        index += 1
      } else if !argument.hasPrefix("-") {
        command.append(argument)
        index += 1
      } else {
        throw GraphError("unknown option '\(argument)'\n\(Self.usage)")
      }
    }
    if command.first == "affected" {
      if let format = options["--format"], !["text", "github-matrix"].contains(format) {
        throw GraphError("unknown format '\(format)' for affected: use text or github-matrix")
      }
    } else if let format = options["--format"], !Self.formats.contains(format) {
      throw GraphError("unknown format '\(format)': use \(Self.formats.joined(separator: ", "))")
    }
    if let collapse = options["--collapse"], collapse != "packages" {
      throw GraphError("unknown --collapse '\(collapse)': use packages")
    }
    if let depth = options["--depth"] {
      guard Int(depth).map({ $0 >= 0 }) == true else {
        throw GraphError("--depth needs a number ≥ 0, got '\(depth)'")
      }
      guard options["--focus"] != nil else {
        throw GraphError("--depth needs --focus MODULE: the module to count from")
      }
    }
    if let kind = options["--manifests"], !["dump", "files"].contains(kind) {
      throw GraphError("unknown manifest source '\(kind)': use dump or files")
    }
    switch command.first {
    case nil, "affected", "apple-packages", "apple-products", "darwin-branches": break
    case "locate" where command.count == 2, "isolate" where command.count == 2: break
    case "locate", "isolate":
      throw GraphError("\(command[0]) needs exactly one module name\n\(Self.usage)")
    case let other?: throw GraphError("unknown command '\(other)'\n\(Self.usage)")
    }
  }

  private mutating func parseEdits(_ arguments: [String]) throws {
    guard let file = arguments.first, !file.hasPrefix("-") else {
      throw GraphError("edit-manifest needs the Package.swift path first\n\(Self.usage)")
    }
    command = ["edit-manifest", file]
    var index = 1
    while index < arguments.count {
      let option = arguments[index]
      let arrays: [String: ManifestEditor.Array] = [
        "--product": .products, "--dependency": .dependencies, "--target": .targets,
      ]
      guard let array = arrays[option], index + 1 < arguments.count else {
        throw GraphError("edit-manifest: expected --product, --dependency or --target ENTRY, got '\(option)'")
      }
      let entry = arguments[index + 1]
      manifestEdits.append((array, entry))
      index += 2
    }
  }

  private func editManifest(_ path: String) throws -> Result {
    let url = URL(fileURLWithPath: path)
    var editor: ManifestEditor
    do {
      editor = ManifestEditor(text: try String(contentsOf: url, encoding: .utf8))
    } catch {
      throw GraphError("cannot read \(path): \(error.localizedDescription)")
    }
    var added = 0
    for edit in manifestEdits where try editor.append(edit.entry, to: edit.array) { added += 1 }
    do {
      try editor.text.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      throw GraphError("cannot write \(path): \(error.localizedDescription)")
    }
    return Result(output: "added \(added) entr\(added == 1 ? "y" : "ies") to \(path)", status: 0)
  }

  /// Runs the command; with `--timings`, the time of each step follows on standard error.
  public func run() throws -> Result {
    guard flags.contains("--timings") else { return try run(timings: nil) }
    let timings = LoadTimings()
    var result = try run(timings: timings)
    result.errorOutput += (result.errorOutput.isEmpty ? "" : "\n") + timings.report
    return result
  }

  private func run(timings: LoadTimings?) throws -> Result {
    if flags.contains("--help") || flags.contains("-h") { return Result(output: Self.usage, status: 0) }
    if command.first == "edit-manifest" { return try editManifest(command[1]) }
    let root = URL(
      fileURLWithPath: options["--root"] ?? FileManager.default.currentDirectoryPath
    ).standardizedFileURL
    func path(_ key: String, _ fallback: String) -> URL {
      options[key].map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent(fallback)
    }
    let rulesURL = path("--rules", ".graph-rules.json")
    var rules =
      options["--rules"] == nil && !FileManager.default.fileExists(atPath: rulesURL.path)
      ? Rules.defaults : try Rules.load(from: rulesURL)
    if var portability = rules.portability, let modules = portability.interfaces, !modules.isEmpty {
      portability.availability = try Self.toolchainAvailability(
        modules, listed: portability.availability, ignore: portability.ignore ?? [],
        cacheDir: path("--cache", ".build/graph-checker"))
      rules.portability = portability
    }
    let source: any ManifestSource =
      options["--manifests"] == "files"
      ? FileManifestSource()
      : DumpPackageSource(cacheDir: path("--cache", ".build/graph-checker"))
    let graph = try GraphLoader(root: root, manifests: source).load(rules: rules, timings: timings)
    if command.first == "locate" {
      return Result(output: try graph.locate(command[1]).line, status: 0)
    }
    if command.first == "isolate" {
      let package = try IsolatedPackage(module: command[1], graph: graph, root: root)
      let directory = root.appendingPathComponent("\(package.packageDir)/.build/isolated/\(command[1])")
      try package.write(to: directory, root: root)
      let kind = graph.module(named: command[1])?.kind.rawValue ?? "library"
      let tests = package.tests.isEmpty ? "-" : package.tests.joined(separator: ",")
      return Result(output: "\(directory.path) \(kind) \(tests)", status: 0)
    }
    if command.first == "affected" {
      let files =
        try options["--base"].map { try ChangedFiles.since($0, in: root) } ?? Array(command.dropFirst())
      return affected(graph, files: files)
    }
    if command.first == "darwin-branches" {
      // Per file, not per line range: an edit above a branch must not make the list stale.
      var perFile: [String: (lines: Int, branches: Int)] = [:]
      for branch in graph.modules.flatMap(\.darwinBranches) {
        let file = String(branch.prefix { $0 != ":" })
        let lines = branch.split(separator: "(").last?.split(separator: " ").first.flatMap { Int($0) } ?? 0
        perFile[file, default: (0, 0)].lines += lines
        perFile[file, default: (0, 0)].branches += 1
      }
      let total = perFile.values.reduce(0) { $0 + $1.lines }
      let branches = perFile.values.reduce(0) { $0 + $1.branches }
      return Result(
        output: (perFile.sorted { $0.key < $1.key }.map {
          "\($0.key): \($0.value.lines) lines in \($0.value.branches) branches"
        }
          + ["\(total) lines in \(branches) branches of \(perFile.count) files"]).joined(separator: "\n"),
        status: 0)
    }
    if command.first == "apple-packages" || command.first == "apple-products" {
      guard let portability = rules.portability else {
        throw GraphError("the rules file has no `portability` section naming the layers an iOS app uses")
      }
      let lines =
        command.first == "apple-packages"
        ? Checker.applePackages(graph, portability) : Checker.appleProducts(graph, portability)
      return Result(output: lines.joined(separator: "\n"), status: 0)
    }
    let checker = Checker(rules: rules) { dir in
      try? String(contentsOf: root.appendingPathComponent(ModuleGraph.manifest(dir)), encoding: .utf8)
    }
    let checked = ContinuousClock.now
    let violations = checker.check(graph)
    timings?.record("check", since: checked, detail: "\(violations.count) violation(s)")
    let baselineURL = path("--baseline", ".graph-baseline.json")
    if flags.contains("--update-baseline") {
      try Baseline(known: violations.map(\.key)).write(to: baselineURL)
      return Result(
        output: "recorded \(violations.count) known violation(s) in \(baselineURL.path)", status: 0)
    }
    let known = Set(try Baseline.load(from: baselineURL).known)
    var lines = violations.map { $0.formatted(known: known.contains($0.key)) }
    let errors = violations.filter { !known.contains($0.key) && $0.severity == .error }.count
    let warnings = violations.filter { !known.contains($0.key) && $0.severity == .warning }.count
    let stale = known.subtracting(violations.map(\.key)).sorted()
    let strict = flags.contains("--strict-baseline")
    for key in stale {
      lines.append(
        "\(strict ? "error" : "note"): baseline entry '\(key)' matches no violation any more; "
          + "run with --update-baseline to drop it")
    }
    let summary =
      "\(graph.modules.count) modules in \(Set(graph.modules.map(\.packageDir)).count) packages: "
      + "\(errors) error(s), \(warnings) warning(s), \(violations.count - errors - warnings) known"
      + (stale.isEmpty ? "" : ", \(stale.count) stale baseline entr\(stale.count == 1 ? "y" : "ies")")
    lines.append(summary)
    let status: Int32 = errors == 0 && !(strict && !stale.isEmpty) ? 0 : 1
    let format = options["--format"] ?? "text"
    let shown = try drawn(graph)
    switch format {
    case "dot", "mermaid":
      let text = format == "dot" ? GraphFormatter.dot(shown) : GraphFormatter.mermaid(shown)
      return Result(output: text, status: status, errorOutput: lines.joined(separator: "\n"))
    case "json":
      let report = GraphFormatter.Report(
        graph: shown,
        violations: violations.map { .init($0, known: known.contains($0.key)) },
        staleBaselineEntries: stale, summary: summary)
      return Result(output: try GraphFormatter.json(report), status: status)
    case "github":
      let annotations = violations.map { GraphFormatter.githubAnnotation($0, known: known.contains($0.key)) }
      return Result(output: (annotations + [summary]).joined(separator: "\n"), status: status)
    case "sarif":
      return Result(
        output: try GraphFormatter.sarif(violations.filter { !known.contains($0.key) }), status: status)
    default:
      if let focus = options["--focus"] {
        return Result(
          output: try GraphFormatter.focus(graph, on: focus), status: status,
          errorOutput: status == 0 ? "" : lines.joined(separator: "\n"))
      }
      return Result(output: lines.joined(separator: "\n"), status: status)
    }
  }

  /// The part of `graph` a drawing shows: the focus's neighbourhood (to `--depth`), without tests
  /// (`--no-tests`) and what `--include`/`--exclude` leave out, one node per package with
  /// `--collapse packages`.
  private func drawn(_ graph: ModuleGraph) throws -> ModuleGraph {
    var shown =
      try options["--focus"].map { try graph.focused(on: $0, depth: options["--depth"].flatMap(Int.init)) }
      ?? graph
    if flags.contains("--no-tests") { shown.modules.removeAll { $0.kind == .test } }
    func patterns(_ key: String) -> [String] {
      options[key].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
    }
    let include = patterns("--include")
    let exclude = patterns("--exclude")
    shown.modules.removeAll { module in
      (!include.isEmpty && !include.contains { Pattern.matches($0, module) })
        || exclude.contains { Pattern.matches($0, module) }
    }
    return options["--collapse"] == "packages" || flags.contains("--by-package")
      ? shown.collapsedToPackages() : shown
  }

  /// The rules' listed gated APIs plus those of the toolchain's interfaces of `modules` (a listed
  /// entry wins), without the `ignore`d patterns.
  private static func toolchainAvailability(
    _ modules: [String], listed: [Rules.Portability.Gated], ignore: [String], cacheDir: URL
  ) throws -> [Rules.Portability.Gated] {
    let files = InterfaceAvailability.interfaces(of: modules)
    let found = Set(files.map { $0.deletingLastPathComponent().deletingPathExtension().lastPathComponent })
    let missing = modules.filter { !found.contains($0) }
    guard missing.isEmpty else {
      throw GraphError(
        "no .swiftinterface of \(missing.joined(separator: ", ")) in the toolchain of `swift` on PATH "
          + "(usr/lib/swift/linux or macosx) or in SDKROOT's usr/lib/swift; put a toolchain with module "
          + "interfaces on PATH, or remove them from `portability.interfaces` in the rules")
    }
    let listedAPIs = Set(listed.map(\.api))
    let ignored = Set(ignore)
    return listed
      + (try InterfaceAvailability.gated(in: files, cacheDir: cacheDir)).filter {
        !listedAPIs.contains($0.api) && !ignored.contains($0.api)
      }
  }

  private func affected(_ graph: ModuleGraph, files: [String]) -> Result {
    let affected = graph.affectedSet(byChangesTo: files)
    var notes: [String] = []
    if !affected.docs.isEmpty {
      notes.append("documentation only, nothing to build: \(affected.docs.joined(separator: " "))")
    }
    if !affected.unowned.isEmpty {
      notes.append("owned by no module, nothing to build: \(affected.unowned.joined(separator: " "))")
    }
    if !affected.tooling.isEmpty {
      notes.append("tooling changed, every module is affected: \(affected.tooling.joined(separator: " "))")
    }
    let modules = affected.modules
    let output: String
    if options["--format"] == "github-matrix" {
      output = ModuleGraph.githubMatrix(packageDirs: graph.packageDirs(of: modules))
    } else if flags.contains("--packages") {
      output = graph.packageDirs(of: modules).joined(separator: "\n")
    } else if flags.contains("--tests") {
      output = modules.filter { graph.module(named: $0)?.kind == .test }.joined(separator: "\n")
    } else {
      output = modules.joined(separator: "\n")
    }
    return Result(
      output: output, status: 0, errorOutput: notes.map { "affected: \($0)" }.joined(separator: "\n"))
  }
}
