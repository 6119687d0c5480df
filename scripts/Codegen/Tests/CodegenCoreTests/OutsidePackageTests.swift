import Foundation
import Testing

@testable import CodegenCore

/// codegen on a package that is not this repository's: its manifest at the top, a module with
/// nested folders, its own `.swift-format` (4 spaces), no git, nothing of this repository's.
@Suite struct OutsidePackageTests {
  private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func packageOutsideTheRepository_isGeneratedWithItsOwnFormat_andThenChecksClean() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "codegen-outside-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try write("// swift-tools-version: 6.0\n", to: "\(root)/Package.swift")
    try write(#"{ "version": 1, "indentation": { "spaces": 4 } }"#, to: "\(root)/.swift-format")
    try write(
      "enum Tab: String, CasePathable {\n    case home = \"home\"\n    case settings\n}\n",
      to: "\(root)/Sources/App/Screens/Tabs/Tab.swift")
    let generator = Generator(
      root: root, packages: [root], format: { text, path in try SwiftFormat.format(text, path: path) })

    #expect(try generator.run(check: false).changed == ["Sources/App/Generated/Tab+Generated.swift"])
    let text = try String(
      contentsOfFile: "\(root)/Sources/App/Generated/Tab+Generated.swift", encoding: .utf8)
    #expect(text.contains("\n    struct AllCasePaths: Sendable {\n        /// The `home` case.\n"))
    #expect(try generator.run(check: true).findings.isEmpty)
  }
}
