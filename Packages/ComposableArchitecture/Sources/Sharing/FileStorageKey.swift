import Dependencies
import Foundation

/// A ``SharedKey`` for a value kept as JSON in a file: read on first access, written after
/// every change.
///
/// A file that cannot be decoded is never lost: it is moved aside to `<name>.corrupt`, an
/// issue says so, and the value starts from its default.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The file.
  public let url: URL
  private let storage: FileStorage

  /// A key for the value stored in the file at `url`, through the current
  /// `@Dependency(\.fileStorage)`.
  public init(url: URL) {
    @Dependency(\.fileStorage) var storage
    self.url = url
    self.storage = storage
  }

  /// The file's URL, standardized, so that two spellings of one path share one value.
  public var id: URL { url.standardizedFileURL }

  /// The value decoded from the file; `nil` when there is no file, or when it cannot be read or
  /// decoded (reported, and a corrupt file is moved aside first).
  public func load() -> Value? {
    let data: Data
    do {
      guard let contents = try storage.read(url) else { return nil }
      data = contents
    } catch {
      reportIssue(
        """
        Could not read the shared value stored at '\(url.path)': \(error)

        The value starts from its default and is saved there on its next change.
        """)
      return nil
    }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      let backup = url.appendingPathExtension("corrupt")
      let kept = (try? storage.move(url, backup)) != nil
      reportIssue(
        """
        The file '\(url.path)' does not hold a valid \(Value.self): \(error)

        The value starts from its default. \
        \(kept ? "The unreadable file was moved to '\(backup.path)'." : "The unreadable file was left in place and will be replaced on the next change.") \
        To fix, repair or delete the file.
        """)
      return nil
    }
  }

  /// Writes `value` to the file as JSON, atomically; a failure is reported and the value stays
  /// in memory, to be written on its next change.
  public func save(_ value: Value) {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try storage.write(try encoder.encode(value), url)
    } catch {
      reportIssue(
        """
        Could not save the shared value to '\(url.path)': \(error)

        The change is kept in memory and saved again on the next change.
        """)
    }
  }
}

extension SharedKey {
  /// A value kept as JSON in the file at `url`.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.documentsDirectory.appending(path: "settings.json")))
  /// var settings = Settings()
  /// ```
  public static func fileStorage<V>(_ url: URL) -> Self where Self == FileStorageKey<V> {
    FileStorageKey(url: url)
  }
}
