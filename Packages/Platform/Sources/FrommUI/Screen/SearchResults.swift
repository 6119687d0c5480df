/// The screen of a search through a room's messages, the same in both apps: the matches oldest
/// first with the text found reversed in each, older matches read with `/older` (or PageUp once
/// the oldest is shown), another search with `/search TEXT`, and `/back` (or Escape) back to
/// the room.
///
/// ```swift
/// if let search = state.search {
///   return SearchResults(
///     text: search.text, rows: search.matches.map { ListItem($0.text, highlight: search.text) },
///     hasOlder: search.hasOlder, isLoading: search.isLoading, failure: search.failure
///   ).screen
/// }
/// ```
public struct SearchResults: Sendable, Equatable {
  /// The text looked for.
  public var text: String
  /// The matches read so far, oldest first, each marking where it contains ``text``.
  public var rows: [ListItem]
  /// Whether older matches may be there.
  public var hasOlder: Bool
  /// Whether a page of matches is being read.
  public var isLoading: Bool
  /// Why the last page could not be read.
  public var failure: String?

  /// The screen of a search for `text` with the matches read so far.
  public init(text: String, rows: [ListItem], hasOlder: Bool, isLoading: Bool, failure: String?) {
    self.text = text
    self.rows = rows
    self.hasOlder = hasOlder
    self.isLoading = isLoading
    self.failure = failure
  }

  static let back = KeyMap.back.menuCommand(keys: false, title: "Back to the room")
  static let older = KeyMap.older.menuCommand(keys: false, title: "Older matches")
  static let again = KeyMap.search.menuCommand(keys: false, title: "Search again")

  /// The screen.
  public var screen: Screen {
    Screen {
      Component.header("Search: \"\(text)\"", subtitle: "Messages of this room that contain it")
      if isLoading {
        Component.progress("Searching")
      } else if hasOlder {
        Component.text("… older matches (\(KeyMap.older.typed))", style: .dim)
      }
      if rows.isEmpty {
        if !isLoading && failure == nil && !text.isEmpty { Component.empty("No message here contains it") }
      } else {
        Component.log(rows)
      }
      if let failure { Component.errorBanner(failure) }
      Component.menu(hasOlder ? [Self.back, Self.older, Self.again] : [Self.back, Self.again])
      Component.prompt("Search")
    }
  }

  /// The action `input` means on the search's screen: `back` for `/back` or Escape, `older`
  /// for `/older` or PageUp, `search(text)` for `/search TEXT`; `nil` for anything else.
  public static func action<Action>(
    for input: InputEvent, back: Action, older: Action, search: (String) -> Action
  ) -> Action? {
    if KeyMap.back.matches(input, keys: false) { return back }
    if KeyMap.older.matches(input, keys: false) || input == .key(.pageUp) { return older }
    return KeyMap.search.argument(of: input).map(search)
  }
}
