import Dependencies
import Foundation
import Synchronization

/// Reads and writes the files behind ``FileStorageKey``; a dependency so that tests never
/// touch the disk.
///
/// Apps use ``live``; tests get ``inMemory()``, an empty file system of their own, which a
/// test can fill to simulate files already on disk.
public struct FileStorage: Sendable {
  /// The contents of the file at the URL, or `nil` when there is none.
  public var read: @Sendable (URL) throws -> Data?
  /// Replaces the file at the URL with the data, atomically.
  public var write: @Sendable (Data, URL) throws -> Void
  /// Moves the file at the first URL to the second, replacing what is there.
  public var move: @Sendable (URL, URL) throws -> Void

  /// Creates file storage from its operations.
  public init(
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    move: @escaping @Sendable (URL, URL) throws -> Void
  ) {
    self.read = read
    self.write = write
    self.move = move
  }

  /// The file system, through `FileManager`; writes create missing directories.
  public static let live = FileStorage(
    read: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try Data(contentsOf: url)
    },
    write: { data, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    },
    move: { source, destination in
      if FileManager.default.fileExists(atPath: destination.path) {
        try FileManager.default.removeItem(at: destination)
      }
      try FileManager.default.moveItem(at: source, to: destination)
    }
  )

  /// An empty file system in memory.
  public static func inMemory() -> FileStorage {
    let files = Mutex<[URL: Data]>([:])
    return FileStorage(
      read: { url in files.withLock { $0[url] } },
      write: { data, url in files.withLock { $0[url] = data } },
      move: { source, destination in
        files.withLock { files in
          files[destination] = files.removeValue(forKey: source)
        }
      }
    )
  }
}

extension DependencyValues {
  /// The file storage behind `@Shared(.fileStorage(…))`.
  public var fileStorage: FileStorage {
    get { self[FileStorageKeyDependency.self] }
    set { self[FileStorageKeyDependency.self] = newValue }
  }
}

enum FileStorageKeyDependency: DependencyKey {
  static let liveValue = FileStorage.live
  /// Made once per test: each test starts with an empty file system, and never the disk.
  static var testValue: FileStorage { .inMemory() }
  static var previewValue: FileStorage { .inMemory() }
}
