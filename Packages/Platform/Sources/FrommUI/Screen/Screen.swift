/// What a view shows: a value made of components, rendered to lines by the run loop.
///
/// ```swift
/// Screen {
///   Component.header("Sign in")
///   Component.field(label: "Username", text: state.username, isFocused: true)
///   if let error = state.error { Component.errorBanner(error) }
///   Component.menu([MenuCommand("n", "Next")])
/// }
/// ```
///
/// Screens are plain values, so a test compares ``plainText(width:)`` with a snapshot.
public struct Screen: Sendable, Equatable {
  /// The components, top to bottom.
  public var components: [Component]
  /// How many messages wait unread in rooms that are not on screen, for the terminal's title
  /// and bell (see ``RunOptions/attention``); `nil` while the screen does not know.
  public var unread: Int?

  /// A screen of `components`.
  public init(_ components: [Component]) {
    self.components = components
  }

  /// A screen built from a list of components, with `if`, `switch` and `for` allowed.
  public init(@ScreenBuilder _ content: () -> [Component]) {
    self.components = content()
  }

  /// This screen, knowing that `count` messages wait unread in rooms not on screen.
  ///
  /// ```swift
  /// Screen { Component.header("Artists") }.unread(3)   // the title says "fan — 3 unread"
  /// ```
  public func unread(_ count: Int?) -> Screen {
    var screen = self
    screen.unread = count
    return screen
  }

  /// What the interactive line editor asks for: the last focused field, or an explicit
  /// ``Component/prompt(_:isSecure:characterLimit:keeping:)``.
  public var prompt: InputPrompt? {
    var prompt: InputPrompt?
    for component in components {
      switch component.kind {
      case .field(let field) where field.isFocused:
        prompt = InputPrompt(label: field.label, isSecure: field.isSecure)
      case .prompt(let explicit):
        prompt = explicit
      default:
        continue
      }
    }
    return prompt
  }

  /// The keys that act alone, without Enter (see ``Component/menu(_:keysActAlone:)``): the
  /// one-character shortcuts of such menus, lowercased, on a screen with no line to type.
  var keysActingAlone: Set<Character> {
    guard prompt == nil else { return [] }
    var keys: Set<Character> = []
    for component in components {
      guard case .menu(let commands, keysActAlone: true) = component.kind else { continue }
      for command in commands where command.shortcut.count == 1 {
        keys.formUnion(command.shortcut.lowercased())
      }
    }
    return keys
  }

  /// Whether a form on the screen is waiting for an answer: a focused field.
  var hasFocusedField: Bool {
    components.contains { if case .field(let field) = $0.kind { field.isFocused } else { false } }
  }

  /// Whether the screen shows a progress indicator, which the interactive loop animates.
  var hasProgress: Bool {
    components.contains { if case .progress = $0.kind { true } else { false } }
  }

  /// The screen as plain text lines at `width` columns, without escape codes and without
  /// trailing spaces: what plain mode prints and what snapshot tests compare.
  public func plainText(width: Int = 80) -> String {
    ScreenRenderer(width: width, colors: false).render(self).joined(separator: "\n")
  }

  /// The screen as a terminal window of `width` × `height` shows it above the prompt line:
  /// when it does not fit, its ``Component/log(_:newestFirst:)`` gives way (oldest messages
  /// first, counted in a marker line), then the top of the screen.
  ///
  /// ```swift
  /// // What a 60×20 terminal shows: 19 lines, then the prompt.
  /// let shown = RoomView().render(state).plainText(width: 60, height: 19)
  /// ```
  public func plainText(width: Int, height: Int) -> String {
    ScreenRenderer(width: width, colors: false).render(self, height: height, scrolledBack: 0).lines
      .joined(separator: "\n")
  }
}

/// What the interactive line editor shows in front of the text being typed.
public struct InputPrompt: Sendable, Equatable {
  /// The label, such as `Password`.
  public var label: String
  /// Whether typed text is shown as `*`.
  public var isSecure: Bool
  /// The most characters the screen accepts in a line; the prompt counts against it as the
  /// user types.
  public var characterLimit: Int?
  /// Text the screen refused and kept: when a line exactly this is submitted, it is put back
  /// into the line editor so nothing typed is lost.
  public var keptText: String?

  /// Creates a prompt.
  public init(label: String, isSecure: Bool = false, characterLimit: Int? = nil, keptText: String? = nil) {
    self.label = label
    self.isSecure = isSecure
    self.characterLimit = characterLimit
    self.keptText = keptText
  }
}

/// Builds the component list of a ``Screen``.
@resultBuilder
public enum ScreenBuilder {
  /// One component.
  public static func buildExpression(_ component: Component) -> [Component] { [component] }
  /// Several components, in order.
  public static func buildExpression(_ components: [Component]) -> [Component] { components }
  /// A child view's whole screen, embedded where it is written.
  public static func buildExpression(_ screen: Screen) -> [Component] { screen.components }
  /// The statements of a block, in order.
  public static func buildBlock(_ parts: [Component]...) -> [Component] { parts.flatMap { $0 } }
  /// An `if` without `else`: nothing when the condition is false.
  public static func buildOptional(_ part: [Component]?) -> [Component] { part ?? [] }
  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first part: [Component]) -> [Component] { part }
  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second part: [Component]) -> [Component] { part }
  /// A `for` loop's components, in order.
  public static func buildArray(_ parts: [[Component]]) -> [Component] { parts.flatMap { $0 } }
}
