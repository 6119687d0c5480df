import Foundation

/// Makes sure the data folder exists and can be written, before anything is stored in it.
enum DataFolder {
  /// Creates `folder` (and its parents) when missing; throws when it is a file, cannot be
  /// created, or cannot be written.
  static func prepare(_ folder: URL) throws(StartupError) {
    let path = folder.path
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw StartupError(
          "The data folder '\(path)' is a file, not a folder. Pass another folder with --data DIR.")
      }
    } else {
      do {
        try files.createDirectory(
          at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw StartupError(
          "The data folder '\(path)' cannot be created (\(error.localizedDescription)). "
            + "Pass another folder with --data DIR.")
      }
    }
    guard files.isWritableFile(atPath: path) else {
      throw StartupError("The data folder '\(path)' is not writable. Pass another folder with --data DIR.")
    }
  }
}
