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

  /// `SQLITE_MISMATCH`: the code of a column read as the wrong type.
  static let mismatchCode: Int32 = 20

  /// The message and SQLite's code.
  public var description: String { "\(message) (SQLite code \(code))" }
}
