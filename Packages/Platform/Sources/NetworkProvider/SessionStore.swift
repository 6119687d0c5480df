import CommonKit
import Foundation
import Synchronization

/// Keeps the session token in a file of the data folder, so the next launch is still signed in.
///
/// Either one file holds the session of whoever signed in last, or a folder holds one file per
/// account (`<folder>/<username>.json`), so several accounts of one app can be signed in side by
/// side on one data folder, each process using the account it chose.
///
/// A file is readable by its owner only (0600) and replaced atomically (a temporary file renamed
/// over it), so a crash mid-write leaves the old token or the new one, never half of one. A file
/// that cannot be parsed is moved aside to `<name>.corrupt` (nothing is lost), a warning says
/// where, and the store is signed out.
///
/// ```swift
/// let store = SessionStore(accountsIn: dataFolder.appending(path: "fan-sessions"), restoring: "demo_fan")
/// let token = store.token()                        // demo_fan's saved token, nil when none
/// store.save(token: session.token, account: "minji_fan")
/// ```
public final class SessionStore: Sendable {
  /// The folder holding the session file or files.
  public let directory: URL
  private let layout: Layout
  private let logger: Logger
  private let current: Mutex<Current>

  private enum Layout {
    /// One file, whoever is signed in.
    case oneFile(URL)
    /// One file per account in ``SessionStore/directory``.
    case perAccount
  }

  private enum Current {
    /// The file of `account` (nil: no account chosen) is read on first use.
    case notLoaded(account: String?)
    case loaded(token: String?, account: String?)
  }

  /// What a session file holds.
  private struct StoredSession: Codable {
    var token: String
    var savedAt: Date
    var username: String?
  }

  /// A session saved in a per-account folder.
  public struct SavedSession: Equatable, Sendable {
    /// The account's username.
    public var username: String
    /// When it was saved.
    public var savedAt: Date
  }

  /// A store for the one file `directory/fileName`; nothing is read or written until used.
  public init(directory: URL, fileName: String, logger: Logger = Logger(label: "session")) {
    self.directory = directory
    self.layout = .oneFile(directory.appendingPathComponent(fileName))
    self.logger = logger
    self.current = Mutex(.notLoaded(account: nil))
  }

  /// A store keeping one file per account in `folder`, starting with the saved session of
  /// `account` (none when `nil`); nothing is read or written until used.
  public init(accountsIn folder: URL, restoring account: String?, logger: Logger = Logger(label: "session")) {
    self.directory = folder
    self.layout = .perAccount
    self.logger = logger
    self.current = Mutex(.notLoaded(account: account))
  }

  /// The file of the session in use: the one file, or the file of the current account (`nil`
  /// when no account is chosen yet).
  public var fileURL: URL? {
    switch layout {
    case .oneFile(let url): url
    case .perAccount:
      current.withLock { current in
        switch current {
        case .notLoaded(let account), .loaded(_, let account): account.map(fileURL(forAccount:))
        }
      }
    }
  }

  /// The account whose session is in use (per-account stores), `nil` when none.
  public var account: String? {
    current.withLock { current in
      switch current {
      case .notLoaded(let account), .loaded(_, let account): account
      }
    }
  }

  /// The file that holds `username`'s session in a per-account store.
  public func fileURL(forAccount username: String) -> URL {
    directory.appendingPathComponent(Self.fileName(forAccount: username))
  }

  /// The sessions saved in a per-account store, newest first. A file that cannot be parsed is
  /// moved aside with a warning, as when it is read for its token.
  public func savedSessions() -> [SavedSession] {
    guard case .perAccount = layout,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    var saved: [SavedSession] = []
    for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let file = directory.appendingPathComponent(name)
      let stored: StoredSession
      do {
        stored = try storedSession(at: file)
      } catch {
        setAside(file, because: error)
        continue
      }
      guard let username = stored.username, Self.fileName(forAccount: username) == name else { continue }
      saved.append(SavedSession(username: username, savedAt: stored.savedAt))
    }
    return saved.sorted { ($0.savedAt, $1.username) > ($1.savedAt, $0.username) }
  }

  /// The stored token, or `nil` when signed out or the file is unusable (a warning says why).
  public func token() -> String? {
    current.withLock { current in
      switch current {
      case .loaded(let token, _):
        return token
      case .notLoaded(let account):
        let token: String?
        switch layout {
        case .oneFile(let url): token = load(url)
        case .perAccount: token = account.flatMap { load(fileURL(forAccount: $0)) }
        }
        current = .loaded(token: token, account: account)
        return token
      }
    }
  }

  /// Stores `token` for this run and, atomically with permission 0600, in the file; a
  /// per-account store keeps it in `account`'s file and makes `account` the current one.
  ///
  /// - Returns: Whether the file was written; when not, a warning says why and the token still
  ///   works until the app quits.
  @discardableResult
  public func save(token: String, account: String? = nil) -> Bool {
    current.withLock { current in
      let file: URL
      switch layout {
      case .oneFile(let url):
        file = url
        current = .loaded(token: token, account: account)
      case .perAccount:
        current = .loaded(token: token, account: account)
        guard let account else {
          logger.warning(
            "Could not save the session: no account was named; you will have to sign in again next time.")
          return false
        }
        file = fileURL(forAccount: account)
      }
      do {
        let data = try JSONEncoder().encode(StoredSession(token: token, savedAt: Date(), username: account))
        try writeAtomically(data, to: file)
        return true
      } catch {
        logger.warning(
          "Could not save the session in \(file.path) (\(error.localizedDescription)); "
            + "you will have to sign in again next time.")
        return false
      }
    }
  }

  /// Forgets the token, in memory and on disk. A per-account file that another process has
  /// since filled with a newer token of the same account is left alone: that process is still
  /// signed in with it.
  ///
  /// - Returns: Whether no session file of ours is left behind; when one is, a warning says why.
  @discardableResult
  public func clear() -> Bool {
    current.withLock { current in
      let token: String?
      let account: String?
      switch current {
      case .notLoaded(let chosen):
        token = nil
        account = chosen
      case .loaded(let loaded, let chosen):
        token = loaded
        account = chosen
      }
      current = .loaded(token: nil, account: account)
      let file: URL
      switch layout {
      case .oneFile(let url): file = url
      case .perAccount:
        guard let account else { return true }
        file = fileURL(forAccount: account)
        if let token, let onDisk = try? storedSession(at: file), onDisk.token != token { return true }
      }
      guard FileManager.default.fileExists(atPath: file.path) else { return true }
      do {
        try FileManager.default.removeItem(at: file)
        return true
      } catch {
        logger.warning("Could not remove the session file \(file.path): \(error.localizedDescription)")
        return false
      }
    }
  }

  /// The file name of `username`'s session: the name itself when it is made of the characters
  /// usernames allow, with any other character spelled out, so a name never leaves the folder.
  static func fileName(forAccount username: String) -> String {
    var name = ""
    for scalar in username.unicodeScalars {
      switch scalar {
      case "a"..."z", "0"..."9", "_", "-": name.unicodeScalars.append(scalar)
      case "." where !name.isEmpty: name.unicodeScalars.append(scalar)
      default: name += "%" + String(scalar.value, radix: 16, uppercase: true)
      }
    }
    return name + ".json"
  }

  private func storedSession(at file: URL) throws -> StoredSession {
    try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: file))
  }

  private func load(_ file: URL) -> String? {
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    let stored: StoredSession
    do {
      stored = try storedSession(at: file)
    } catch {
      setAside(file, because: error)
      return nil
    }
    let token = stored.token.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else {
      logger.warning("The session file \(file.path) holds an empty token; treating it as signed out.")
      return nil
    }
    return token
  }

  /// Moves an unreadable session file out of the way, so that signing in again does not
  /// overwrite it and it can still be looked at.
  private func setAside(_ file: URL, because error: any Error) {
    let files = FileManager.default
    var aside = file.appendingPathExtension("corrupt")
    var number = 1
    while files.fileExists(atPath: aside.path) {
      number += 1
      aside = file.appendingPathExtension("corrupt-\(number)")
    }
    let reason = error.localizedDescription
    do {
      try files.moveItem(at: file, to: aside)
      logger.warning(
        "The session file \(file.path) is unreadable or corrupt (\(reason)); it was moved to "
          + "\(aside.path) and you are signed out. Sign in again.")
    } catch {
      logger.warning(
        "The session file \(file.path) is unreadable or corrupt (\(reason)); treating it as signed out. "
          + "It could not be moved aside (\(error.localizedDescription)).")
    }
  }

  private func writeAtomically(_ data: Data, to file: URL) throws {
    let folder = file.deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
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
    guard rename(temporary.path, file.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw SessionStoreError(message: "cannot replace \(file.path): \(reason)")
    }
  }
}

/// Why the session file could not be written.
struct SessionStoreError: Error, LocalizedError {
  let message: String
  var errorDescription: String? { message }
}
