/// Lines typed but not sent, each kept with the screen it was typed on: when another screen
/// comes up (the user left a room, or the session ended in another window) the draft goes with
/// its screen instead of landing in the new screen's input, and it is back when that screen is.
///
/// A screen is told apart by its header's title and its prompt's label (a room by its artist,
/// a form by its field); what was typed at a secret prompt is never kept. What is typed ahead,
/// after a line was sent and before its work settled, is meant for the screen that line brings,
/// so it goes along.
struct Drafts {
  /// Where a line was sent from, while what is typed after it is meant for the screen it brings.
  private var sentFrom: Place?

  /// Where a line is typed: a screen's title and its prompt.
  struct Place: Hashable {
    var title: String?
    var prompt: String?
    var isSecure: Bool
  }

  private var kept: [Place: String] = [:]
  private var place: Place?

  /// The screen shown is `screen`, where `typed` is in the editor. Returns the line the editor
  /// should hold now (the draft kept for that screen, or nothing), or `nil` when the screen is
  /// the same place.
  mutating func show(_ screen: Screen, typed: String) -> String? {
    let next = Self.place(of: screen)
    guard next != place else { return nil }
    defer { place = next }
    let draft = kept.removeValue(forKey: next) ?? ""
    if sentFrom != nil { return draft + typed }
    if let place, !place.isSecure { kept[place] = typed.isEmpty ? nil : typed }
    return draft
  }

  /// A line was sent: what is typed until its screen comes is typed ahead.
  mutating func lineSent() { sentFrom = place }

  /// The line was edited: typed ahead only while the screen it was sent from is still shown at
  /// work on it (`isWorking`).
  mutating func edited(isWorking: Bool) {
    if !isWorking || place != sentFrom { sentFrom = nil }
  }

  private static func place(of screen: Screen) -> Place {
    let title = screen.components.lazy.compactMap { component -> String? in
      if case .header(let title, _) = component.kind { title } else { nil }
    }.first
    return Place(title: title, prompt: screen.prompt?.label, isSecure: screen.prompt?.isSecure == true)
  }
}
