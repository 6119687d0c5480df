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

  public var description: String { "\(message) (SQLite code \(code))" }
}
