import ArtiProfile
import FrommUI

/// The profile in the terminal: `e` edits, `r` reloads, `o` signs out (after a confirmation).
/// While editing, `/name …` and `/status …` change the values, `s` saves and `c` cancels.
public struct ProfileView: TerminalView {
  /// Creates the view.
  public init() {}

  /// Reads the profile when the screen is run on its own.
  public var startAction: ProfileFeature.Action? { .view(.task) }

  /// The screen for `state`.
  public func render(_ state: ProfileFeature.State) -> Screen {
    Screen {
      Component.header("Your profile")
      if let profile = state.profile {
        if let editor = state.editor {
          Component.field(label: "Display name", text: editor.displayName)
          Component.field(label: "Status message", text: editor.statusMessage, placeholder: "(none)")
        } else {
          Component.text("\(profile.displayName) (@\(profile.username))", style: .bold)
          Component.text(
            profile.statusMessage.isEmpty ? "(no status message)" : profile.statusMessage,
            style: profile.statusMessage.isEmpty ? .dim : .plain)
          Component.text(Self.subscribers(profile.subscriberCount ?? 0))
        }
      } else if state.loadError != nil {
        Component.empty("Your profile is not loaded. \(KeyMap.reload.hint("try again"))")
      }
      if state.isLoading { Component.progress("Reading your profile") }
      if state.isSaving { Component.progress("Saving") }
      if state.isSigningOut { Component.progress("Signing out") }
      if state.didSave { Component.text("Saved.", style: .success) }
      for error in [state.loadError, state.saveError].compactMap({ $0 }) {
        Component.errorBanner(error)
      }
      if let dialog = state.confirmationDialog {
        Component.alert(dialog)
      } else if state.editor != nil {
        Component.menu([KeyMap.name, KeyMap.status, KeyMap.save, KeyMap.cancel].map { $0.menuCommand() })
      } else {
        Component.menu(
          (state.profile == nil
            ? [KeyMap.reload, KeyMap.signOut] : [KeyMap.edit, KeyMap.reload, KeyMap.signOut]).map {
              $0.menuCommand()
            })
      }
    }
  }

  /// The action that `input` means on the screen.
  public func action(for input: InputEvent, in state: ProfileFeature.State) -> ProfileFeature.Action? {
    if let dialog = state.confirmationDialog {
      return dialog.response(to: input).map(ProfileFeature.Action.confirmationDialog)
    }
    if state.editor != nil {
      if let text = KeyMap.name.argument(of: input) { return .view(.displayNameChanged(text)) }
      if let text = KeyMap.status.argument(of: input) { return .view(.statusMessageChanged(text)) }
      if KeyMap.save.matches(input) { return .view(.saveTapped) }
      if KeyMap.cancel.matches(input) { return .view(.cancelEditTapped) }
      return nil
    }
    if KeyMap.edit.matches(input) { return state.profile == nil ? nil : .view(.editTapped) }
    if KeyMap.reload.matches(input) { return .view(.reloadTapped) }
    if KeyMap.signOut.matches(input) { return .view(.signOutTapped) }
    return nil
  }

  static func subscribers(_ count: Int) -> String {
    count == 1 ? "1 subscriber" : "\(count) subscribers"
  }
}
