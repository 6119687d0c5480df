import CodegenCore
import Foundation

// codegen [--check] [PACKAGE_DIR…]: writes (or checks) the generated files of each package
// (default: the package in the current directory). scripts/codegen runs it; see scripts/README.md.
var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var packages: [String] = []
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("codegen: \(message)\n".utf8))
  exit(2)
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
