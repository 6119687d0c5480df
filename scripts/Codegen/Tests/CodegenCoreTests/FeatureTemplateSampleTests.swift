import Foundation
import Testing

@testable import CodegenCore

/// `Tests/FeatureTemplateTests` holds one rendering of ``FeatureTemplate`` (`SampleProbe`), its four
/// files in one test module (so without the imports of each other's modules) and their generated
/// case paths; that target compiles it against the real libraries and runs its tests. This test
/// keeps the copy equal to what the template renders today.
@Suite struct FeatureTemplateSampleTests {
  static let sampleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FeatureTemplateTests").path

  /// The sample's files as the template renders them, by name inside the sample folder.
  static func rendered() throws -> [String: String] {
    let template = FeatureTemplate(prefix: "Sample", name: "Probe")
    var files: [String: String] = [:]
    var sources: [SourceFile] = []
    for file in template.files {
      let name = String(file.path.split(separator: "/").last ?? "")
      let path = "\(sampleFolder)/\(name)"
      let ownModules = ["import \(template.module)", "import \(template.viewModule)"]
      let text = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !ownModules.contains(String($0)) }.joined(separator: "\n")
      files[name] = try SwiftFormat.format(text, path: path)
      if file.path.hasPrefix("Sources/\(template.module)/") {
        sources.append(SourceFile(path: path, text: text))
      }
    }
    let generated = ModuleGenerator(sources: sources, directory: sampleFolder, relative: { $0 }).generate()
    #expect(generated.findings.isEmpty)
    for (path, text) in generated.files {
      files[String(path.dropFirst(sampleFolder.count + 1))] = try SwiftFormat.format(text, path: path)
    }
    return files
  }

  @Test func checkedInSample_equalsTheTemplatesRendering() throws {
    let rendered = try Self.rendered()
    #expect(rendered.count == 5)
    let record = ProcessInfo.processInfo.environment["CODEGEN_RECORD_SAMPLE"] == "1"
    for (name, expected) in rendered.sorted(by: { $0.key < $1.key }) {
      let path = "\(Self.sampleFolder)/\(name)"
      if record {
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try expected.write(toFile: path, atomically: true, encoding: .utf8)
        continue
      }
      let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      #expect(
        current == expected,
        """
        Tests/FeatureTemplateTests/\(name) differs from what FeatureTemplate renders:
        \(Generator.diff(current, expected))
        fix: run `CODEGEN_RECORD_SAMPLE=1 swift test --filter FeatureTemplateSampleTests` in scripts/Codegen
        """)
    }
  }

}
