import Foundation

/// A confirmation dialog as a value: a choice among actions, often with one destructive button.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///   title: "Leave the room?",
///   buttons: [.destructive("Leave", action: .leave), .cancel("Stay")]
/// )
/// ```
///
/// Like ``AlertState``, each dialog has its own ``id``, so a parent that presents another dialog
/// while handling a button keeps it.
public struct ConfirmationDialogState<Action>: EphemeralState, Identifiable {
  /// This dialog's identity, new for each dialog made; not part of its equality or its dump.
  public let id = UUID()

  /// Whether a renderer shows the title.
  public enum TitleVisibility: Sendable, Hashable {
    /// Shown.
    case visible
    /// Hidden; the buttons speak for themselves.
    case hidden
  }

  /// The title.
  public var title: String
  /// Whether the title is shown.
  public var titleVisibility: TitleVisibility
  /// More detail, if any.
  public var message: String?
  /// The choices in order.
  public var buttons: [ButtonState<Action>]

  /// Creates a dialog.
  public init(
    title: String, titleVisibility: TitleVisibility = .visible, message: String? = nil,
    buttons: [ButtonState<Action>]
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Whether the two dialogs read the same; their ids are not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes what the dialog reads, not its id.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: CustomReflectable {
  /// What dumps and diffs show: everything but the id, since two dialogs that read the same
  /// are equal.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "title": title, "titleVisibility": titleVisibility, "message": message as Any,
        "buttons": buttons,
      ],
      displayStyle: .struct)
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
