/// What makes one app different from the other: its name, its words and its sessions' folder.
///
/// ```swift
/// let arti = AppDescription(
///   name: "arti", summary: "fromm for artists: broadcast to your fans and read their replies.",
///   sessionFolderName: "arti-sessions", helpFooter: "Demo artist: iu_official / fromm-demo-1")
/// ```
public struct AppDescription: Sendable, Equatable {
  /// The executable's name, used in usage lines and error messages.
  public var name: String
  /// One sentence saying what the app is for.
  public var summary: String
  /// The folder in the data folder that keeps this app's saved sessions between launches, one
  /// file per account.
  public var sessionFolderName: String
  /// Text printed at the end of `--help`, such as demo credentials.
  public var helpFooter: String

  /// Describes an app.
  public init(
    name: String, summary: String, sessionFolderName: String, helpFooter: String = ""
  ) {
    self.name = name
    self.summary = summary
    self.sessionFolderName = sessionFolderName
    self.helpFooter = helpFooter
  }

  /// The version `--version` prints: both apps are released together.
  public var version: String { "0.1.0" }
}
