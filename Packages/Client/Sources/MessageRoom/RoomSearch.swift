import CommonDataModels
import MessageDataModels

/// A search of the room on the server (``MessageClient/search``): what is looked for and the
/// matches read so far, oldest first, paged back a page of matches at a time.
public struct RoomSearch: Equatable, Sendable {
  /// The text looked for.
  public var text: String
  /// The messages containing it read so far, oldest first.
  public var matches: [Message]
  /// Whether older messages than the first match read may match too.
  public var hasOlder: Bool
  /// Whether a page of matches is being read.
  public var isLoading: Bool
  /// Why the last page of matches could not be read.
  public var failure: String?

  /// A search for `text`, nothing read yet.
  public init(
    text: String, matches: [Message] = [], hasOlder: Bool = false, isLoading: Bool = false,
    failure: String? = nil
  ) {
    self.text = text
    self.matches = matches
    self.hasOlder = hasOlder
    self.isLoading = isLoading
    self.failure = failure
  }
}
