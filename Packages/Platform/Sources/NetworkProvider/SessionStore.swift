import CommonKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the session token in a file of the data folder, so the next launch is still signed in.
///
/// The file is readable by its owner only (0600) and replaced atomically (a temporary file
/// renamed over it), so a crash mid-write leaves the old token or the new one, never half of one.
/// A file that cannot be read or parsed is reported with a warning and treated as signed out.
///
/// ```swift
/// let store = SessionStore(directory: dataFolder, fileName: "fan-session.json")
/// store.save(token: session.token)
/// let token = store.token()  // nil when signed out
/// ```
public final class SessionStore: Sendable {
  /// The folder holding the file.
  public let directory: URL
  /// The token file.
  public let fileURL: URL
  private let logger: Logger
  private let cached = Mutex<Cached>(.notLoaded)

  private enum Cached {
    case notLoaded
    case loaded(String?)
  }

  /// What the file holds.
  private struct StoredSession: Codable {
    var token: String
    var savedAt: Date
  }

  /// Creates a store for `directory/fileName`; nothing is read or written until used.
  public init(directory: URL, fileName: String, logger: Logger = Logger(label: "session")) {
    self.directory = directory
    self.fileURL = directory.appendingPathComponent(fileName)
    self.logger = logger
  }

  /// The stored token, or `nil` when signed out or the file is unusable (a warning says why).
  public func token() -> String? {
    cached.withLock { cached in
      if case .loaded(let token) = cached { return token }
      let token = load()
      cached = .loaded(token)
      return token
    }
  }

  /// Stores `token` for this run and, atomically with permission 0600, in the file.
  ///
  /// - Returns: Whether the file was written; when not, a warning says why and the token still
  ///   works until the app quits.
  @discardableResult
  public func save(token: String) -> Bool {
    cached.withLock { cached in
      cached = .loaded(token)
      do {
        let data = try JSONEncoder().encode(StoredSession(token: token, savedAt: Date()))
        try writeAtomically(data)
        return true
      } catch {
        logger.warning(
          "Could not save the session in \(fileURL.path) (\(error.localizedDescription)); "
            + "you will have to sign in again next time.")
        return false
      }
    }
  }

  /// Forgets the token, in memory and on disk.
  ///
  /// - Returns: Whether no session file is left behind; when one is, a warning says why.
  @discardableResult
  public func clear() -> Bool {
    cached.withLock { cached in
      cached = .loaded(nil)
      guard FileManager.default.fileExists(atPath: fileURL.path) else { return true }
      do {
        try FileManager.default.removeItem(at: fileURL)
        return true
      } catch {
        logger.warning("Could not remove the session file \(fileURL.path): \(error.localizedDescription)")
        return false
      }
    }
  }

  private func load() -> String? {
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
    do {
      let data = try Data(contentsOf: fileURL)
      let stored = try JSONDecoder().decode(StoredSession.self, from: data)
      let token = stored.token.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !token.isEmpty else {
        logger.warning("The session file \(fileURL.path) holds an empty token; treating it as signed out.")
        return nil
      }
      return token
    } catch {
      logger.warning(
        "The session file \(fileURL.path) is unreadable or corrupt (\(error.localizedDescription)); "
          + "treating it as signed out.")
      return nil
    }
  }

  private func writeAtomically(_ data: Data) throws {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp")
    // Created 0600 from the start (open, not createFile + chmod), so the token is never
    // readable by others, even briefly; synced before the rename so a crash cannot leave it empty.
    let descriptor = open(temporary.path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    guard descriptor >= 0 else {
      throw SessionStoreError(message: "cannot create \(temporary.path): \(String(cString: strerror(errno)))")
    }
    let written = data.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
    let synced = fsync(descriptor)
    close(descriptor)
    guard written == data.count, synced == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      throw SessionStoreError(message: "cannot write \(temporary.path)")
    }
    guard rename(temporary.path, fileURL.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw SessionStoreError(message: "cannot replace \(fileURL.path): \(reason)")
    }
  }
}

/// Why the session file could not be written.
struct SessionStoreError: Error, LocalizedError {
  let message: String
  var errorDescription: String? { message }
}
