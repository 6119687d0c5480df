import Foundation

/// Reads the modules' hand-written sources, generates their boilerplate, and writes it or (with
/// `check`) reports what is stale. The command-line tool is a thin wrapper around ``run(check:)``.
public struct Generator: Sendable {
  /// The folder that messages name files relative to (the tool's current directory).
  public var root: String
  /// Package folders to read, absolute or relative to `root`; each module is a folder of `Sources/`.
  public var packages: [String]
  /// Passes each file's text through `swift format` before comparing or writing it.
  public var format: @Sendable (_ text: String, _ path: String) throws -> String

  /// A generator over `packages`.
  public init(
    root: String, packages: [String],
    format: @escaping @Sendable (_ text: String, _ path: String) throws -> String
  ) {
    self.root = root
    self.packages = packages
    self.format = format
  }

  /// A folder given as a package that has no `Package.swift`: a typo must not pass as "nothing to
  /// generate".
  public struct NotAPackage: Error, CustomStringConvertible {
    /// The folder as given.
    public var folder: String
    /// The error as one paragraph.
    public var description: String {
      "'\(folder)' is not a package folder (it has no Package.swift), so nothing was generated or checked; "
        + "give the folder that holds the package's Package.swift"
    }
  }

  /// What a run found and did.
  public struct Outcome: Sendable {
    /// Problems: slips, unsupported declarations, and (with `check`) stale files.
    public var findings: [Finding] = []
    /// Files written or deleted (none with `check`), relative to the root.
    public var changed: [String] = []
  }

  /// Generates every module's files; with `check`, writes nothing and reports each file that
  /// differs from what would be written.
  public func run(check: Bool) throws -> Outcome {
    var outcome = Outcome()
    for package in packages
    where !FileManager.default.fileExists(atPath: "\(absolute(package))/Package.swift") {
      throw NotAPackage(folder: package)
    }
    for module in try modules() {
      let files = try swiftFiles(in: module)
      let generatedFolder = "\(module)/\(ModuleGenerator.generatedFolder)/"
      var sources: [SourceFile] = []
      var existingGenerated: [String] = []
      for file in files {
        if file.hasPrefix(generatedFolder) {
          existingGenerated.append(file)
          continue
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        sources.append(SourceFile(path: file, text: text))
        outcome.findings += SlipDetector.findings(in: text, file: relative(file))
      }
      let generator = ModuleGenerator(
        sources: sources, directory: module, relative: { [root] in Self.relative($0, to: root) })
      let output = generator.generate()
      outcome.findings += output.findings
      for (path, text) in output.files.sorted(by: { $0.key < $1.key }) {
        let expected = try format(text, path)
        let current = try? String(contentsOfFile: path, encoding: .utf8)
        guard current != expected else { continue }
        if check {
          outcome.findings.append(
            Finding(
              file: relative(path), line: Self.firstDifference(current ?? "", expected), rule: "stale",
              message: current == nil
                ? "this generated file is missing"
                : "this file differs from what scripts/codegen generates:\n\(Self.diff(current ?? "", expected))",
              fix: "run scripts/codegen and commit the result"))
        } else {
          try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
          try expected.write(toFile: path, atomically: true, encoding: .utf8)
          outcome.changed.append(relative(path))
        }
      }
      for orphan in existingGenerated where output.files[orphan] == nil {
        let text = (try? String(contentsOfFile: orphan, encoding: .utf8)) ?? ""
        guard text.hasPrefix(ModuleGenerator.headerPrefix) else { continue }
        if check {
          outcome.findings.append(
            Finding(
              file: relative(orphan), line: 1, rule: "stale",
              message: "this generated file has no source that generates it any more",
              fix: "run scripts/codegen (it deletes the file) and commit the result"))
        } else {
          try FileManager.default.removeItem(atPath: orphan)
          outcome.changed.append(relative(orphan))
        }
      }
    }
    return outcome
  }

  private func modules() throws -> [String] {
    var result: [String] = []
    for package in packages {
      let sources = "\(absolute(package))/Sources"
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: sources) else { continue }
      for name in names.sorted() {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "\(sources)/\(name)", isDirectory: &isDirectory),
          isDirectory.boolValue
        {
          result.append("\(sources)/\(name)")
        }
      }
    }
    return result
  }

  private func swiftFiles(in directory: String) throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var files: [String] = []
    while let item = enumerator.nextObject() as? String {
      if item.hasSuffix(".swift") { files.append("\(directory)/\(item)") }
    }
    return files.sorted()
  }

  private func absolute(_ package: String) -> String {
    package.hasPrefix("/") ? package : "\(root)/\(package)"
  }

  private func relative(_ path: String) -> String { Self.relative(path, to: root) }

  private static func relative(_ path: String, to root: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  static func firstDifference(_ old: String, _ new: String) -> Int {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(oldLines.count, newLines.count)
    where index >= oldLines.count || index >= newLines.count || oldLines[index] != newLines[index] {
      return index + 1
    }
    return 1
  }

  /// The differing lines around the first difference, `-` as on disk and `+` as generated.
  static func diff(_ old: String, _ new: String) -> String {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    let first = Self.firstDifference(old, new) - 1
    var lastOld = oldLines.count
    var lastNew = newLines.count
    while lastOld > first, lastNew > first, oldLines[lastOld - 1] == newLines[lastNew - 1] {
      lastOld -= 1
      lastNew -= 1
    }
    let removed = oldLines[first..<lastOld].prefix(12).map { "  - \($0)" }
    let added = newLines[first..<lastNew].prefix(12).map { "  + \($0)" }
    return (removed + added).joined(separator: "\n")
  }
}
