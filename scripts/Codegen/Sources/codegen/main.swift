import CodegenCore
import Foundation

// scripts/codegen [--check] [--root DIR] [PACKAGE_DIR…]: writes (or checks) the generated files.
var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var root = FileManager.default.currentDirectoryPath
var packages: [String] = []
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--check": check = true
  case "--root":
    guard let value = arguments.first else {
      FileHandle.standardError.write(Data("codegen: --root needs a folder\n".utf8))
      exit(2)
    }
    root = value
    arguments.removeFirst()
  case "-h", "--help":
    print("usage: scripts/codegen [--check] [PACKAGE_DIR…]   (see scripts/README.md)")
    exit(0)
  default:
    if argument.hasPrefix("-") {
      FileHandle.standardError.write(Data("codegen: unknown option '\(argument)' (see --help)\n".utf8))
      exit(2)
    }
    packages.append(argument.hasSuffix("/") ? String(argument.dropLast()) : argument)
  }
}
let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
// A package may be given relative to the root or as an absolute path inside it.
packages = packages.map { $0.hasPrefix(rootPath + "/") ? String($0.dropFirst(rootPath.count + 1)) : $0 }
let generator = Generator(
  root: rootPath, packages: packages.isEmpty ? nil : packages,
  format: { text, path in try SwiftFormat.format(text, path: path, root: rootPath) })
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
  FileHandle.standardError.write(Data("codegen: \(error)\n".utf8))
  exit(2)
}
