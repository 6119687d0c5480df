/// One building block of a ``Screen``: a header, text, a list, a menu, a field, an alert…
///
/// Components are values; the renderer decides how they look at a given width, and in plain
/// mode they use only ASCII for their frames, because box-drawing characters are "ambiguous
/// width" and take two columns in many Korean terminals.
public struct Component: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case header(title: String, subtitle: String?)
    case text(String, style: TextStyle, alignment: TextAlignment)
    case list(items: [ListItem], selection: Int?, isNumbered: Bool)
    case log(items: [ListItem], newestFirst: Bool)
    case menu([MenuCommand], keysActAlone: Bool)
    case field(FieldContent)
    case prompt(InputPrompt)
    case alert(AlertContent)
    case banner(String, kind: BannerKind)
    case progress(String)
    case empty(String)
    case divider
    case blank
  }

  enum BannerKind: Sendable, Equatable {
    case error
    case notice
  }

  struct FieldContent: Sendable, Equatable {
    var label: String
    var text: String
    var placeholder: String?
    var isSecure: Bool
    var isFocused: Bool
  }

  let kind: Kind

  init(_ kind: Kind) {
    self.kind = kind
  }

  /// The screen's title, underlined, with an optional dim subtitle.
  public static func header(_ title: String, subtitle: String? = nil) -> Component {
    Component(.header(title: title, subtitle: subtitle))
  }

  /// Text wrapped to the screen's width.
  public static func text(
    _ text: String, style: TextStyle = .plain, alignment: TextAlignment = .leading
  ) -> Component {
    Component(.text(text, style: style, alignment: alignment))
  }

  /// A list whose rows the user picks by number; `selection` is highlighted with `>`.
  ///
  /// ```swift
  /// Component.list(state.artists.map { ListItem($0.name, detail: "\($0.fans) fans") },
  ///                selection: state.selectedIndex)
  /// ```
  public static func list(_ items: [ListItem], selection: Int? = nil, numbered: Bool = true) -> Component {
    Component(.list(items: items, selection: selection, isNumbered: numbered))
  }

  /// A conversation's messages: listed like an unnumbered list, and on a terminal too small for
  /// the whole screen it is the part that gives way. The newest messages and everything around
  /// the log (the header above, the prompt below) stay visible; older messages are counted in a
  /// marker line and read with PageUp/PageDown, a page being what fits (a view that answers
  /// PageUp gets it once the oldest message is shown, to read older ones), and while paging back
  /// a marker says how many new messages are below.
  ///
  /// ```swift
  /// Component.log(state.messages.map { ListItem($0.text, label: $0.sender, detail: $0.time) })
  /// Component.log(newestFirst, newestFirst: true)  // the newest at the top
  /// ```
  public static func log(_ items: [ListItem], newestFirst: Bool = false) -> Component {
    Component(.log(items: items, newestFirst: newestFirst))
  }

  /// The commands available here, each with its shortcut: `[n] New  [q] Quit`.
  ///
  /// With `keysActAlone`, on a screen with no line to type (no focused field, no prompt), a
  /// one-character shortcut acts as soon as its key is pressed on an empty line, without Enter:
  /// the key is the whole answer there, so it is never left in the line to join what is typed
  /// next. Plain mode reads lines, so there the key is a line as before.
  ///
  /// ```swift
  /// Component.menu([KeyMap.logIn.menuCommand()], keysActAlone: true)  // [l] Log in
  /// ```
  public static func menu(_ commands: [MenuCommand], keysActAlone: Bool = false) -> Component {
    Component(.menu(commands, keysActAlone: keysActAlone))
  }

  /// A text field showing `text` (as `*` when `isSecure`); a focused field also becomes the
  /// interactive prompt, masked for passwords.
  public static func field(
    label: String, text: String, placeholder: String? = nil, isSecure: Bool = false,
    isFocused: Bool = false
  ) -> Component {
    Component(
      .field(
        FieldContent(
          label: label, text: text, placeholder: placeholder, isSecure: isSecure, isFocused: isFocused)
      ))
  }

  /// Sets the interactive prompt without showing a field, e.g. for a chat's message line.
  ///
  /// With a `characterLimit` the prompt counts the characters typed against it as they are
  /// typed, and says how many to cut once over it. `keeping` is text the screen refused and
  /// kept: submitted exactly, it comes back into the line to be edited instead of being lost.
  ///
  /// ```swift
  /// Component.prompt("Reply", characterLimit: MessageRules.maxLength, keeping: state.refusedText)
  /// // Reply 12/500> hello there!
  /// ```
  public static func prompt(
    _ label: String, isSecure: Bool = false, characterLimit: Int? = nil, keeping keptText: String? = nil
  ) -> Component {
    Component(
      .prompt(
        InputPrompt(label: label, isSecure: isSecure, characterLimit: characterLimit, keptText: keptText)))
  }

  /// An alert or confirmation dialog, boxed, with numbered buttons.
  public static func alert(_ alert: some AlertContentConvertible) -> Component {
    Component(.alert(alert.alertContent))
  }

  /// A red banner for something that went wrong: `[!] message`.
  public static func errorBanner(_ message: String) -> Component {
    Component(.banner(message, kind: .error))
  }

  /// A neutral banner for a passing remark: `[i] message`.
  public static func notice(_ message: String) -> Component {
    Component(.banner(message, kind: .notice))
  }

  /// A progress indicator for work in flight; it spins on a terminal.
  public static func progress(_ label: String) -> Component {
    Component(.progress(label))
  }

  /// What an empty list shows instead, centered and dim: `(No messages yet)`.
  public static func empty(_ message: String) -> Component {
    Component(.empty(message))
  }

  /// A horizontal rule across the screen.
  public static let divider = Component(.divider)

  /// An empty line.
  public static let blank = Component(.blank)
}

/// One row of a ``Component/list(_:selection:numbered:)``.
public struct ListItem: Sendable, Equatable {
  /// The row's main text.
  public var title: String
  /// Who the row is from, shown before the title with a colon (`IU: hello`). Kept apart so that
  /// a room's rows hold each message's text itself, sharing its storage, rather than a copy
  /// joined to the name: a screen of 10,000 messages would otherwise hold the room twice.
  public var label: String?
  /// Secondary text, right-aligned on the row.
  public var detail: String?
  /// What few rows have, in one reference: a room's screen holds a row per message, and two
  /// more optional strings would make each row 24 bytes larger.
  private var rare: Rare?

  /// A line drawn above the row, such as where unread messages start: `-- new --`. It goes
  /// with its row when a log is paged.
  public var marker: String? {
    get { rare?.marker }
    set { rare = Rare(marker: newValue, highlight: highlight) }
  }

  /// Text to show in reverse video wherever the title contains it (letters in either case): a
  /// search's matches.
  public var highlight: String? {
    get { rare?.highlight }
    set { rare = Rare(marker: marker, highlight: newValue) }
  }

  /// Creates a row, with who it is from (`label`) before its title, a `marker` line above it,
  /// and `highlight` marked where the title contains it, when given.
  public init(
    _ title: String, label: String? = nil, detail: String? = nil, marker: String? = nil,
    highlight: String? = nil
  ) {
    self.title = title
    self.label = label
    self.detail = detail
    self.rare = Rare(marker: marker, highlight: highlight)
  }

  /// The ``marker`` above the first message that was unread when a room was opened, the same
  /// in every room.
  public static let unreadStart = "new since you last read"

  private final class Rare: Sendable, Equatable {
    let marker: String?
    let highlight: String?

    /// `nil` when neither is given, so that a plain row holds no reference.
    init?(marker: String?, highlight: String?) {
      guard marker != nil || highlight != nil else { return nil }
      self.marker = marker
      self.highlight = highlight
    }

    static func == (lhs: Rare, rhs: Rare) -> Bool {
      lhs.marker == rhs.marker && lhs.highlight == rhs.highlight
    }
  }
}
