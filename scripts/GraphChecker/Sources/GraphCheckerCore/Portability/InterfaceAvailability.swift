import Foundation

/// The availability-gated APIs of the toolchain's own module interfaces (`Swift`, `_Concurrency`,
/// `Synchronization`, …), read from their `.swiftinterface` files: every public declaration whose
/// `@available(macOS …, iOS …)` (its own or its enclosing type's or extension's) names a version,
/// so the portability check follows the toolchain rather than a list someone keeps.
///
/// Each becomes a pattern the ``PortabilityScanner`` looks for: a type by its name (`UTF8Span`), a
/// member with a compound name as `.name` (`.utf8Span`) when no declaration of the same name is
/// available earlier, any other member as `Type.name` (`Task.immediate`).
public enum InterfaceAvailability {
  /// The gated APIs in one interface's text.
  static func gated(in text: [UInt8]) -> [Rules.Portability.Gated] {
    let words = ImportScanner.codeTokens(utf8: text)
    var found: [(pattern: String, declaration: String, macOS: Version, iOS: Version, isMember: Bool)] = []
    var ungatedMembers: Set<String> = []
    var gatedMemberVersions: [String: Set<String>] = [:]
    struct Scope {
      var macOS: Version?
      var iOS: Version?
      var type: String?
    }
    var scopes = [Scope()]
    var pending = Scope()
    var isPublic = false
    var declared: Scope?
    let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor", "extension"]
    let memberKeywords: Set<String> = ["func", "var", "let", "case", "typealias", "associatedtype", "macro"]
    var index = 0
    var directiveLine = -1
    while index < words.count {
      let word = words[index]
      if word.text == "#" {
        directiveLine = word.line
        index += 1
        continue
      }
      if word.line == directiveLine {
        index += 1
        continue
      }
      switch word.text {
      case "@"
      where index + 2 < words.count && words[index + 1].text == "available" && words[index + 2].text == "(":
        var cursor = index + 3
        while cursor < words.count, words[cursor].text != ")" {
          let platform = words[cursor].text
          if platform == "macOS" || platform == "iOS" {
            var number = ""
            var next = cursor + 1
            while next < words.count, words[next].text.allSatisfy({ $0.isNumber || $0 == "." }) {
              number += words[next].text
              next += 1
            }
            if let version = Version(number) {
              if platform == "macOS" { pending.macOS = max(pending.macOS ?? version, version) }
              if platform == "iOS" { pending.iOS = max(pending.iOS ?? version, version) }
            }
          }
          cursor += 1
        }
        index = cursor + 1
        continue
      case "public", "open":
        isPublic = true
      case "{":
        scopes.append(
          declared ?? Scope(macOS: scopes.last?.macOS, iOS: scopes.last?.iOS, type: scopes.last?.type))
        declared = nil
      case "}":
        if scopes.count > 1 { scopes.removeLast() }
        declared = nil
      default:
        let outer = scopes[scopes.count - 1]
        let isType = typeKeywords.contains(word.text)
        guard isType || memberKeywords.contains(word.text), index + 1 < words.count else { break }
        // The declared name: for an extension the extended type's last component (`Swift.String`).
        var cursor = index + 1
        var name = words[cursor].text
        if word.text == "extension" {
          while cursor + 2 < words.count, words[cursor + 1].text == "." {
            cursor += 2
            name = words[cursor].text
          }
        }
        let macOS = [outer.macOS, pending.macOS].compactMap { $0 }.max()
        let iOS = [outer.iOS, pending.iOS].compactMap { $0 }.max()
        let nested = outer.type.map { "\($0).\(name)" } ?? name
        if isType {
          declared = Scope(macOS: macOS, iOS: iOS, type: name)
          if word.text != "extension", isPublic, let macOS, let iOS {
            // A nested type is looked for with its outer type in front (`ValidationError.Kind`).
            found.append((outer.type == nil ? name : nested, nested, macOS, iOS, false))
          }
        } else if isPublic, name.first.map({ $0.isLetter || $0 == "_" }) == true, !name.hasPrefix("_") {
          declared = Scope(macOS: macOS, iOS: iOS, type: outer.type)
          if let macOS, let iOS {
            // A global function or variable is looked for by its name (`withObservationTracking`).
            found.append((name, nested, macOS, iOS, outer.type != nil))
            gatedMemberVersions[name, default: []].insert("\(macOS)/\(iOS)")
          } else {
            ungatedMembers.insert(name)
          }
        }
        pending = Scope()
        isPublic = false
      }
      index += 1
    }
    // A member whose name is also declared available earlier (an overload, another type's member)
    // is looked for only with its type in front.
    var result: [Rules.Portability.Gated] = []
    var seen: Set<String> = []
    // Underscored names are the toolchain's own internals.
    for entry in found where !entry.declaration.split(separator: ".").contains(where: { $0.hasPrefix("_") }) {
      // A one-word member (`name`, `kind`) is also a name of any code's own types: only a compound
      // one (`utf8Span`, `withTaskCancellationShield`) is looked for after any `.`.
      let compound = entry.pattern.contains { $0.isUppercase || $0.isNumber }
      let unique =
        compound && !ungatedMembers.contains(entry.pattern)
        && (gatedMemberVersions[entry.pattern]?.count ?? 0) <= 1
      let pattern =
        !entry.isMember
        ? entry.pattern
        : unique
          ? ".\(entry.pattern)" : entry.declaration.split(separator: ".").suffix(2).joined(separator: ".")
      guard seen.insert(pattern).inserted else { continue }
      result.append(
        Rules.Portability.Gated(
          api: pattern, macOS: entry.macOS, iOS: entry.iOS, declaration: entry.declaration))
    }
    return result
  }

  /// The `.swiftinterface` files of `modules` in the toolchain that `swift` on `PATH` belongs to
  /// (Linux: `usr/lib/swift/linux`; Xcode: the macOS SDK's `usr/lib/swift`), or under `libraryDir`.
  public static func interfaces(
    of modules: [String], libraryDir: URL? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [URL] {
    let fm = FileManager.default
    var dirs: [URL] = []
    if let libraryDir { dirs.append(libraryDir) }
    if let swift = ToolchainIdentity.swift(environment: environment) {
      let usr = swift.deletingLastPathComponent().deletingLastPathComponent()
      dirs += ["linux", "macosx"].map { usr.appendingPathComponent("lib/swift/\($0)") }
    }
    if let sdk = environment["SDKROOT"] {
      dirs.append(URL(fileURLWithPath: sdk).appendingPathComponent("usr/lib/swift"))
    }
    var files: [URL] = []
    for module in modules {
      for dir in dirs {
        let folder = dir.appendingPathComponent("\(module).swiftmodule")
        let names = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
          $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface")
        }
        if let name = names.sorted().first {
          files.append(folder.appendingPathComponent(name))
          break
        }
      }
    }
    return files
  }

  /// The gated APIs of `files`, cached in `cacheDir` by the files' paths, sizes and times.
  public static func gated(in files: [URL], cacheDir: URL?) throws -> [Rules.Portability.Gated] {
    let fm = FileManager.default
    let key = files.map { file -> String in
      let attributes = try? fm.attributesOfItem(atPath: file.path)
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      return "\(file.path):\(attributes?[.size] ?? 0):\(modified)"
    }
    let cached = cacheDir?.appendingPathComponent(
      "interfaces-\(Hashing.fnv1a64(Data(key.joined(separator: "\n").utf8))).json")
    if let cached, let data = try? Data(contentsOf: cached),
      let table = try? JSONDecoder().decode([Rules.Portability.Gated].self, from: data)
    {
      return table
    }
    var table: [Rules.Portability.Gated] = []
    for file in files {
      guard let data = fm.contents(atPath: file.path) else {
        throw GraphError("cannot read the module interface \(file.path)")
      }
      table += gated(in: Array(data))
    }
    if let cached, let data = try? JSONEncoder().encode(table) {
      try? fm.createDirectory(at: cached.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? data.write(to: cached, options: .atomic)
    }
    return table
  }
}
