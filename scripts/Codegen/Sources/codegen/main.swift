import CodegenCore
import Foundation

// codegen [--check] [PACKAGE_DIR…]: writes (or checks) the generated files of each package
// (default: the package in the current directory). scripts/codegen runs it; see scripts/README.md.
// codegen --new-feature PREFIX NAME PACKAGE_DIR: writes a new feature's four files (scripts/new-feature).
var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var packages: [String] = []
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("codegen: \(message)\n".utf8))
  exit(2)
}
if arguments.first == "--new-feature" {
  guard arguments.count == 4 else { fail("usage: codegen --new-feature PREFIX NAME PACKAGE_DIR") }
  let template = FeatureTemplate(prefix: arguments[1], name: arguments[2])
  let package = arguments[3]
  do {
    for file in template.files where FileManager.default.fileExists(atPath: "\(package)/\(file.path)") {
      fail("\(package)/\(file.path) exists already; nothing was written")
    }
    for file in template.files {
      let path = "\(package)/\(file.path)"
      let text = try SwiftFormat.format(file.text, path: path)
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
  } catch {
    fail("\(error)")
  }
  exit(0)
}
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--check": check = true
  case "-h", "--help":
    print("usage: scripts/codegen [--check] [PACKAGE_DIR…]   (see scripts/README.md)")
    exit(0)
  default:
    if argument.hasPrefix("-") { fail("unknown option '\(argument)' (see --help)") }
    packages.append(argument)
  }
}
let current = FileManager.default.currentDirectoryPath
if packages.isEmpty {
  guard FileManager.default.fileExists(atPath: "\(current)/Package.swift") else {
    fail("no Package.swift in \(current); run it in a package's folder or give package folders")
  }
  packages = [current]
}
// Absolute and without `.`/`..` or a trailing slash, so messages name files relative to here.
packages = packages.map {
  URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: current + "/")).standardizedFileURL.path
}
let generator = Generator(
  root: current, packages: packages, format: { text, path in try SwiftFormat.format(text, path: path) })
do {
  let outcome = try generator.run(check: check)
  for path in outcome.changed { print("codegen: wrote \(path)") }
  for finding in outcome.findings { print(finding) }
  if !outcome.findings.isEmpty {
    print(
      "codegen: \(outcome.findings.count) problem(s)\(check ? "; run scripts/codegen to regenerate" : "")")
    exit(1)
  }
} catch {
  fail("\(error)")
}
