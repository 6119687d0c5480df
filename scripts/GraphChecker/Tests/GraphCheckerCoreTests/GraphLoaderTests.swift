import Foundation
import Testing

@testable import GraphCheckerCore

@Test func packageDirs_packagesAppsAndTools_listsEachPackageOnce() throws {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("graph-loader-\(UUID())")
  defer { try? FileManager.default.removeItem(at: root) }
  for dir in ["Packages/CommonKit", "Packages/FanApp", "Apps", "scripts/GraphChecker"] {
    let url = root.appendingPathComponent(dir)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data("// swift-tools-version: 6.0\n".utf8).write(to: url.appendingPathComponent("Package.swift"))
  }
  // Folders without a manifest are not packages: plain script folders, a fixture's parent.
  try FileManager.default.createDirectory(
    at: root.appendingPathComponent("scripts/lib"), withIntermediateDirectories: true)

  let loader = GraphLoader(root: root, manifests: FileManifestSource())

  #expect(
    loader.packageDirs(patterns: ["Packages/*", "Apps", "scripts/*"])
      == ["Apps", "Packages/CommonKit", "Packages/FanApp", "scripts/GraphChecker"])
}
