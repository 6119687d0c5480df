import CommonKit
import Foundation
import Testing

@Suite struct DataFolderTests {
  let base = FileManager.default.temporaryDirectory
    .appendingPathComponent("data-folder-\(UUID().uuidString)")

  func mode(_ url: URL) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)
      .intValue
  }

  @Test func prepare_missingNestedFolder_createsItOwnerOnly() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let folder = base.appendingPathComponent("a/b/../data")
    let prepared = try DataFolder.prepare(folder)
    #expect(prepared.path == base.appendingPathComponent("a/data").path)
    #expect(try mode(prepared) == 0o700)
  }

  @Test func prepare_existingWideOpenFolder_isNarrowedToOwnerOnly() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    try FileManager.default.createDirectory(
      at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try DataFolder.prepare(base)
    #expect(try mode(base) == 0o700)
  }

  @Test func prepare_pathIsAFile_failsSayingSoAndLeavesTheFile() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    try Data("kept".utf8).write(to: base)
    #expect(throws: DataFolderError(folder: base, problem: .isAFile)) { try DataFolder.prepare(base) }
    #expect(try Data(contentsOf: base) == Data("kept".utf8))
  }

  @Test func prepare_parentIsAFile_failsNamingTheParent() throws {
    defer { try? FileManager.default.removeItem(at: base) }
    try Data("x".utf8).write(to: base)
    let folder = base.appendingPathComponent("data")
    #expect(throws: DataFolderError(folder: folder, problem: .parentIsAFile(base.path))) {
      try DataFolder.prepare(folder)
    }
  }

  @Test func message_eachProblem_namesTheFolderAndWhatIsWrong() {
    let folder = URL(fileURLWithPath: "/srv/fromm")
    let messages = [
      DataFolderError.Problem.isAFile, .notWritable, .parentIsAFile("/srv"), .parentNotWritable("/srv"),
      .cannotCreate("No space left on device"),
    ].map { DataFolderError(folder: folder, problem: $0).message }
    #expect(
      messages == [
        "Cannot use the data folder '/srv/fromm': it is a file, not a folder",
        "Cannot use the data folder '/srv/fromm': the folder is not writable",
        "Cannot use the data folder '/srv/fromm': '/srv' is a file, not a folder",
        "Cannot use the data folder '/srv/fromm': '/srv' is not writable",
        "Cannot use the data folder '/srv/fromm': it could not be created (No space left on device)",
      ])
  }
}
