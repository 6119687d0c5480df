import CommonKit

/// What an alert or confirmation dialog shows: a title, a message and buttons.
///
/// FrommUI renders alerts from this shape so it does not depend on how a feature stores them;
/// a feature's alert state adopts ``AlertContentConvertible`` to be rendered.
///
/// ```swift
/// let alert = AlertContent(
///   title: "Leave the room?", message: "You will stop receiving messages.",
///   buttons: [.init("Leave", role: .destructive), .init("Stay", role: .cancel)])
/// alert.buttonIndex(for: .line("1"))  // 0
/// ```
public struct AlertContent: Sendable, Equatable {
  /// How the choices are presented.
  public enum Style: Sendable, Equatable {
    /// A boxed message with its buttons on one line.
    case alert
    /// A boxed question with one choice per line.
    case confirmationDialog
  }

  /// One choice of an alert.
  public struct Button: Sendable, Equatable {
    /// What a button means, which decides how it is drawn.
    public enum Role: Sendable, Equatable {
      /// Dismisses without doing anything.
      case cancel
      /// Does something that cannot be undone; drawn in red.
      case destructive
    }

    /// The button's text.
    public var label: String
    /// The button's role, or `nil` for an ordinary choice.
    public var role: Role?

    /// Creates a button.
    public init(_ label: String, role: Role? = nil) {
      self.label = label
      self.role = role
    }
  }

  /// The bold first line.
  public var title: String
  /// The explanation under the title.
  public var message: String?
  /// The choices, numbered from 1 on screen. An alert without buttons shows a single `OK`.
  public var buttons: [Button]
  /// Alert or confirmation dialog.
  public var style: Style

  /// Creates the content of an alert.
  public init(title: String, message: String? = nil, buttons: [Button] = [], style: Style = .alert) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.style = style
  }

  /// The buttons as shown: ``buttons``, or a lone `OK` when there are none.
  public var shownButtons: [Button] {
    buttons.isEmpty ? [Button("OK", role: .cancel)] : buttons
  }

  /// The index in ``shownButtons`` that `input` picks: its number (`1` is the first), its
  /// label (any case), or, for an empty line or Escape, the cancel button.
  public func buttonIndex(for input: InputEvent) -> Int? {
    let shown = shownButtons
    let cancelIndex = shown.firstIndex { $0.role == .cancel }
    switch input {
    case .line(let raw):
      let text = raw.trimmingWhitespace()
      if text.isEmpty { return cancelIndex ?? (shown.count == 1 ? 0 : nil) }
      if let number = Int(text), shown.indices.contains(number - 1) { return number - 1 }
      return shown.firstIndex { $0.label.lowercased() == text.lowercased() }
    case .key(.escape):
      return cancelIndex
    default:
      return nil
    }
  }
}

/// A value that can be shown as an alert: adopt it in a feature's alert state.
///
/// ```swift
/// extension SignInAlert: AlertContentConvertible {
///   var alertContent: AlertContent { AlertContent(title: title, message: message) }
/// }
/// ```
public protocol AlertContentConvertible {
  /// The title, message and buttons to show.
  var alertContent: AlertContent { get }
}

extension AlertContent: AlertContentConvertible {
  /// The content itself.
  public var alertContent: AlertContent { self }
}
