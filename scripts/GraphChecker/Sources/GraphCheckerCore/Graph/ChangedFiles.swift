import Foundation

/// The files changed in a git working tree since a revision, for `affected --base REV`.
enum ChangedFiles {
  /// `git diff --name-only --no-renames REV` (committed and uncommitted changes; a file renamed or
  /// moved counts as its old and its new path, so the module it left is affected too) plus
  /// untracked files, relative to `root`.
  static func since(_ revision: String, in root: URL) throws -> [String] {
    guard (try? git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root)) != nil else {
      throw GraphError("'\(revision)' is not a revision of \(root.path) (try HEAD~1, main or a commit id)")
    }
    let changed = try git(["diff", "--name-only", "--no-renames", "--relative", revision, "--"], in: root)
    let untracked = try git(["ls-files", "--others", "--exclude-standard"], in: root)
    var seen: Set<String> = []
    return (changed + untracked).filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  private static func git(_ arguments: [String], in root: URL) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", root.path] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw GraphError("git \(arguments.joined(separator: " ")) failed in \(root.path)")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
