@testable import CodegenCore

/// Generates one in-memory module from `files` (name → text), without `swift format`.
func generate(_ files: [String: String]) -> ModuleOutput {
  let sources = files.sorted { $0.key < $1.key }.map {
    SourceFile(path: "/repo/Sources/M/\($0.key)", text: $0.value)
  }
  return ModuleGenerator(sources: sources, directory: "/repo/Sources/M", relative: { $0 }).generate()
}
