/// What the generator wants on disk for one module: each file's full text, keyed by path.
struct ModuleOutput: Sendable {
  /// Generated files (`Sources/M/Generated/X+Generated.swift`) and sources whose generated
  /// region changed, by absolute path.
  var files: [String: String] = [:]
  /// Problems that stop generation for a declaration.
  var findings: [Finding] = []
}
