/// Why an app cannot start; ``message`` says what is wrong and what to do.
public struct StartupError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One or two sentences for the person who launched the app.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
