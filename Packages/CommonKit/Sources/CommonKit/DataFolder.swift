import Foundation

/// The folder that holds a person's private data (password hashes, replies, saved sessions):
/// created, or checked and narrowed, before anything is stored in it.
///
/// The folder is `0700` (``folderPermissions``), so no other local user can list or read it (the
/// files stored in it, the database and the session files, are `0600` besides). Both the apps and
/// the development server prepare their data folder with it, and word its ``DataFolderError`` for
/// their own users.
///
/// ```swift
/// let folder = try DataFolder.prepare(URL(fileURLWithPath: "/home/ada/.local/share/fromm"))
/// ```
public enum DataFolder {
  /// The mode of a data folder: only its owner may list, read or enter it.
  public static let folderPermissions: Int = 0o700

  /// Creates `folder` (and its parents) as `0700` when missing; an existing folder this user owns
  /// is narrowed to `0700`, someone else's is left as its owner set it.
  ///
  /// - Returns: the folder's standardized URL.
  /// - Throws: ``DataFolderError`` when `folder` or one of its parents is a file, is not
  ///   writable, or the folder cannot be created.
  @discardableResult
  public static func prepare(_ folder: URL) throws(DataFolderError) -> URL {
    let folder = folder.standardizedFileURL
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw DataFolderError(folder: folder, problem: .isAFile) }
      guard manager.isWritableFile(atPath: folder.path) else {
        throw DataFolderError(folder: folder, problem: .notWritable)
      }
      restrictToOwner(folder)
      return folder
    }
    if let blocker = nearestExistingAncestor(of: folder) {
      var ancestorIsDirectory: ObjCBool = false
      _ = manager.fileExists(atPath: blocker.path, isDirectory: &ancestorIsDirectory)
      guard ancestorIsDirectory.boolValue else {
        throw DataFolderError(folder: folder, problem: .parentIsAFile(blocker.path))
      }
      guard manager.isWritableFile(atPath: blocker.path) else {
        throw DataFolderError(folder: folder, problem: .parentNotWritable(blocker.path))
      }
    }
    do {
      try manager.createDirectory(
        at: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: NSNumber(value: folderPermissions)])
    } catch {
      // The system's own words ("No such file or directory"), not Foundation's wrapper sentence.
      throw DataFolderError(folder: folder, problem: .cannotCreate(String(cString: strerror(errno))))
    }
    return folder
  }

  /// Narrows a folder this user owns to 0700; someone else's folder is left as its owner set it.
  private static func restrictToOwner(_ folder: URL) {
    var info = stat()
    guard stat(folder.path, &info) == 0, info.st_uid == getuid() else { return }
    if Int(info.st_mode) & 0o077 != 0 { _ = chmod(folder.path, mode_t(folderPermissions)) }
  }

  private static func nearestExistingAncestor(of url: URL) -> URL? {
    var current = url.deletingLastPathComponent()
    while current.path != "/" {
      if FileManager.default.fileExists(atPath: current.path) { return current }
      current = current.deletingLastPathComponent()
    }
    return current
  }
}
