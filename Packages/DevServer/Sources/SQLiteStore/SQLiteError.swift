/// A failure reported by SQLite, with the operation that failed and SQLite's own explanation.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// SQLite's result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT` is 19, …).
  public var code: Int32
  /// What we were doing and why SQLite refused.
  public var message: String

  /// Creates an error.
  public init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// Whether a UNIQUE, FOREIGN KEY or CHECK constraint refused the write.
  public var isConstraintViolation: Bool { code & 0xff == 19 }

  /// Whether another connection or process held a lock past the busy timeout
  /// (`SQLITE_BUSY` or `SQLITE_LOCKED`): the request may succeed if tried again.
  public var isBusy: Bool { code & 0xff == 5 || code & 0xff == 6 }

  /// Whether the file is damaged or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
  public var isDamage: Bool { code & 0xff == 11 || code & 0xff == 26 }

  /// Whether the disk is full (`SQLITE_FULL`).
  public var isDiskFull: Bool { code & 0xff == 13 }

  /// Whether the storage refused a write: full, read-only, failing or gone (`SQLITE_FULL`,
  /// `SQLITE_READONLY`, `SQLITE_IOERR`, `SQLITE_CANTOPEN`).
  public var isStorageFailure: Bool { [8, 10, 13, 14].contains(code & 0xff) }

  /// `SQLITE_MISMATCH`: the code of a column read as the wrong type.
  static let mismatchCode: Int32 = 20

  /// The message and SQLite's code.
  public var description: String { "\(message) (SQLite code \(code))" }
}
