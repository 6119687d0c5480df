/// Why the dev backend could not start.
public struct DevBackendError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong and what to try, in one sentence.
  public var message: String

  /// Creates an error.
  public init(message: String) { self.message = message }

  public var description: String { message }
}
