import Foundation
import Testing

@testable import GraphCheckerCore

@Test func toolchainLibrary_platformFoldersAndModuleMaps_giveTheirModuleNames() throws {
  let lib = FileManager.default.temporaryDirectory.appendingPathComponent("toolchain-\(UUID())/usr/lib/swift")
  defer {
    try? FileManager.default.removeItem(at: lib.deletingLastPathComponent().deletingLastPathComponent())
  }
  let fm = FileManager.default
  for folder in [
    "linux/Swift.swiftmodule", "linux/FoundationEssentials.swiftmodule", "linux/x86_64",
    "host/SwiftSyntax.swiftmodule",
    "dispatch", "Block",
  ] {
    try fm.createDirectory(at: lib.appendingPathComponent(folder), withIntermediateDirectories: true)
  }
  try Data("module Dispatch {\n  export *\n}\n\nmodule CDispatch [system] {\n  module Inner {}\n}\n".utf8)
    .write(to: lib.appendingPathComponent("dispatch/module.modulemap"))

  let names = SystemModules.modules(inLibrary: lib)

  // `host` holds the compiler's own modules (no Swift.swiftmodule): a package cannot import them.
  #expect(names == ["Swift", "FoundationEssentials", "Dispatch", "CDispatch"])
}

@Test func pathWithSwift_current_readsTheToolchainItBelongsTo() throws {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("toolchain-\(UUID())")
  defer { try? FileManager.default.removeItem(at: root) }
  let fm = FileManager.default
  try fm.createDirectory(
    at: root.appendingPathComponent("usr/lib/swift/linux/Distributed.swiftmodule"),
    withIntermediateDirectories: true)
  try fm.createDirectory(
    at: root.appendingPathComponent("usr/lib/swift/linux/Swift.swiftmodule"),
    withIntermediateDirectories: true)
  try fm.createDirectory(at: root.appendingPathComponent("usr/bin"), withIntermediateDirectories: true)
  let swift = root.appendingPathComponent("usr/bin/swift").path
  #expect(fm.createFile(atPath: swift, contents: Data(), attributes: [.posixPermissions: 0o755]))

  let names = SystemModules.current(environment: ["PATH": root.appendingPathComponent("usr/bin").path])

  #expect(names.isSuperset(of: ["Distributed", "Swift", "UIKit", "Glibc"]))
  #expect(!names.contains("CoreNetworking"))
}
