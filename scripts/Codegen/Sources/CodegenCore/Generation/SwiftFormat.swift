import Foundation

/// Runs `swift format format` on text as if it were the file at its path, so generated files pass
/// `swift format lint --strict` like hand-written ones: `swift format` takes the `.swift-format`
/// nearest above that path (its defaults where there is none).
public enum SwiftFormat {
  /// Formats `text` as the file at `path`.
  public static func format(_ text: String, path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "format", "format", "--assume-filename", path, "-",
    ]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let formatted = output.fileHandleForReading.readDataToEndOfFile()
    let messages = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FormatError(path: path, message: String(decoding: messages, as: UTF8.self))
    }
    return String(decoding: formatted, as: UTF8.self)
  }

  /// `swift format` refused the text (it does not parse, or the tool is missing).
  public struct FormatError: Error, CustomStringConvertible {
    /// The file being formatted.
    public var path: String
    /// What `swift format` printed.
    public var message: String
    /// The error as one paragraph.
    public var description: String { "swift format failed on \(path): \(message)" }
  }
}
