/// How a run of text looks on a color terminal.
///
/// Styles are only turned into ANSI escape codes when ``ColorPolicy`` allows it; otherwise the
/// text prints plain.
public struct TextStyle: Sendable, Hashable {
  /// A terminal foreground color.
  public enum Color: UInt8, Sendable, Hashable {
    /// Red.
    case red = 31
    /// Green.
    case green = 32
    /// Yellow.
    case yellow = 33
    /// Blue.
    case blue = 34
    /// Magenta.
    case magenta = 35
    /// Cyan.
    case cyan = 36
  }

  /// The foreground color, or the terminal's default.
  public var color: Color?
  /// Bold weight.
  public var isBold: Bool
  /// Faint text, for hints and placeholders.
  public var isDim: Bool
  /// Swapped foreground and background, for the selected row.
  public var isReversed: Bool

  /// Creates a style.
  public init(color: Color? = nil, isBold: Bool = false, isDim: Bool = false, isReversed: Bool = false) {
    self.color = color
    self.isBold = isBold
    self.isDim = isDim
    self.isReversed = isReversed
  }

  /// No styling.
  public static let plain = TextStyle()
  /// Bold.
  public static let bold = TextStyle(isBold: true)
  /// Faint.
  public static let dim = TextStyle(isDim: true)
  /// Red, for errors.
  public static let error = TextStyle(color: .red, isBold: true)
  /// Green, for success.
  public static let success = TextStyle(color: .green)
  /// Yellow, for work in progress and warnings.
  public static let warning = TextStyle(color: .yellow)
  /// Bold cyan, for titles.
  public static let title = TextStyle(color: .cyan, isBold: true)
  /// Reversed, for the selected row.
  public static let selected = TextStyle(isReversed: true)

  /// The SGR parameters of this style, empty for ``plain``.
  var sgrCodes: [String] {
    var codes: [String] = []
    if isBold { codes.append("1") }
    if isDim { codes.append("2") }
    if isReversed { codes.append("7") }
    if let color { codes.append(String(color.rawValue)) }
    return codes
  }

  /// `text` wrapped in this style's escape codes.
  func apply(to text: String) -> String {
    let codes = sgrCodes
    guard !codes.isEmpty, !text.isEmpty else { return text }
    return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
  }
}

/// Decides whether output gets ANSI colors.
///
/// Colors are off when the `NO_COLOR` environment variable is set to anything non-empty
/// (<https://no-color.org>), when `TERM` is `dumb`, and whenever output is not a terminal.
public enum ColorPolicy {
  /// Whether to emit colors for an output that is (`isTTY`) or is not a terminal.
  public static func allowsColor(environment: [String: String], isTTY: Bool) -> Bool {
    guard isTTY else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return true
  }
}
