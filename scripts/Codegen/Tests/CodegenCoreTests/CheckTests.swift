import Foundation
import Testing

@testable import CodegenCore

@Suite struct CheckTests {
  /// A throwaway package with one module whose enum opts in.
  private func package() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: "\(root)/P/Sources/M", withIntermediateDirectories: true)
    try "// swift-tools-version: 6.0\n".write(
      toFile: "\(root)/P/Package.swift", atomically: true, encoding: .utf8)
    try "enum E: CasePathable {\n  case a(Int)\n}\n".write(
      toFile: "\(root)/P/Sources/M/E.swift", atomically: true, encoding: .utf8)
    return root
  }

  @Test func check_reportsMissingThenStale_andPassesAfterGenerating() throws {
    let root = try package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let generator = Generator(root: root, packages: ["P"], format: { text, _ in text })
    let missing = try generator.run(check: true)
    #expect(
      missing.findings.map(\.description) == [
        "P/Sources/M/Generated/E+Generated.swift:1: error: [stale] this generated file is missing; "
          + "fix: run scripts/codegen and commit the result"
      ])
    #expect(try generator.run(check: false).changed == ["P/Sources/M/Generated/E+Generated.swift"])
    #expect(try generator.run(check: true).findings.isEmpty)

    try "enum E: CasePathable {\n  case a(Int)\n  case b(String)\n}\n".write(
      toFile: "\(root)/P/Sources/M/E.swift", atomically: true, encoding: .utf8)
    let stale = try generator.run(check: true)
    #expect(stale.findings.map(\.rule) == ["stale"])
    #expect(stale.findings.first?.message.contains("  +     /// The `b` case.") == true)
  }

  @Test func check_folderThatIsNotAPackage_failsNamingIt() throws {
    let root = try package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let generator = Generator(root: root, packages: ["P", "Typo"], format: { text, _ in text })
    #expect {
      try generator.run(check: true)
    } throws: { error in
      "\(error)".hasPrefix(
        "'Typo' is not a package folder (it has no Package.swift), so nothing was generated")
    }
  }

  @Test func generatedFileWithoutSource_isReportedThenDeleted() throws {
    let root = try package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let generator = Generator(root: root, packages: ["P"], format: { text, _ in text })
    _ = try generator.run(check: false)
    try "enum E {\n  case a(Int)\n}\n".write(
      toFile: "\(root)/P/Sources/M/E.swift", atomically: true, encoding: .utf8)
    #expect(try generator.run(check: true).findings.map(\.rule) == ["stale"])
    #expect(try generator.run(check: false).changed == ["P/Sources/M/Generated/E+Generated.swift"])
    #expect(!FileManager.default.fileExists(atPath: "\(root)/P/Sources/M/Generated/E+Generated.swift"))
  }
}
