import Foundation

/// Why a data folder cannot be used, in words a person can act on.
///
/// ``message`` says what is wrong (`Cannot use the data folder '/tmp/x': it is a file, not a
/// folder`); each program adds how to pick another folder in its own terms (`--data DIR`).
public struct DataFolderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with the folder.
  public enum Problem: Equatable, Sendable {
    /// The path is a file.
    case isAFile
    /// The folder exists but this user cannot write in it.
    case notWritable
    /// A parent (the given path) is a file, so the folder cannot be created.
    case parentIsAFile(String)
    /// The nearest existing parent (the given path) is not writable.
    case parentNotWritable(String)
    /// Creating the folder failed, for the given system reason.
    case cannotCreate(String)
  }

  /// The folder asked for.
  public var folder: URL
  /// What is wrong with it.
  public var problem: Problem

  /// Creates the error for `folder`.
  public init(folder: URL, problem: Problem) {
    self.folder = folder
    self.problem = problem
  }

  /// `Cannot use the data folder 'PATH': REASON` (no full stop: the caller adds what to do).
  public var message: String {
    let reason =
      switch problem {
      case .isAFile: "it is a file, not a folder"
      case .notWritable: "the folder is not writable"
      case .parentIsAFile(let parent): "'\(parent)' is a file, not a folder"
      case .parentNotWritable(let parent): "'\(parent)' is not writable"
      case .cannotCreate(let reason): "it could not be created (\(reason))"
      }
    return "Cannot use the data folder '\(folder.path)': \(reason)"
  }

  /// The message.
  public var description: String { message }
}
