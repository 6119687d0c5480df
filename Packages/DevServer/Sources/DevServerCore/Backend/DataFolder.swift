import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the data folder, explaining failures in terms a person can fix.
///
/// The folder holds password hashes and private replies, so it is created (and, when this user
/// owns it, narrowed to) 0700: no other local user can list or read it.
enum DataFolder {
  static let permissions: mode_t = 0o700

  static func prepare(_ folder: URL) throws -> URL {
    let folder = folder.standardizedFileURL
    var isDirectory: ObjCBool = false
    let manager = FileManager.default
    if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw failure(folder, "it is a file, not a folder")
      }
      guard access(folder.path, W_OK) == 0 else { throw failure(folder, "the folder is not writable") }
      restrictToOwner(folder)
      return folder
    }
    if let blocker = nearestExistingAncestor(of: folder) {
      var ancestorIsDirectory: ObjCBool = false
      _ = manager.fileExists(atPath: blocker.path, isDirectory: &ancestorIsDirectory)
      if !ancestorIsDirectory.boolValue {
        throw failure(folder, "'\(blocker.path)' is a file, not a folder")
      }
      if access(blocker.path, W_OK) != 0 {
        throw failure(folder, "'\(blocker.path)' is not writable")
      }
    }
    do {
      try manager.createDirectory(
        at: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: NSNumber(value: permissions)])
    } catch {
      throw failure(folder, "it could not be created (\(String(cString: strerror(errno))))")
    }
    return folder
  }

  /// Narrows a folder this user owns to 0700; someone else's folder is left as its owner set it.
  private static func restrictToOwner(_ folder: URL) {
    var info = stat()
    guard stat(folder.path, &info) == 0, info.st_uid == getuid() else { return }
    if info.st_mode & 0o077 != 0 { _ = chmod(folder.path, permissions) }
  }

  private static func nearestExistingAncestor(of url: URL) -> URL? {
    var current = url.deletingLastPathComponent()
    while current.path != "/" {
      if FileManager.default.fileExists(atPath: current.path) { return current }
      current = current.deletingLastPathComponent()
    }
    return current
  }

  private static func failure(_ folder: URL, _ reason: String) -> DevBackendError {
    DevBackendError(
      message: "Cannot use the data folder '\(folder.path)': \(reason). Choose a writable folder.")
  }
}
