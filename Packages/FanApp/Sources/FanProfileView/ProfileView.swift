import CommonKit
import FanProfile
import FrommUI

/// The profile screen: who the fan is, the nickname artists see, and what can be done.
///
/// `e` edits the nickname (then any line is the new nickname, `/cancel` or Escape stops), `o`
/// signs out after a confirmation (`1` Sign out, `2` Cancel), `b` (or Escape) goes back, `r`
/// reloads: the keys of ``KeyMap``, as in arti.
public struct ProfileView: TerminalView {
  /// Creates the view.
  public init() {}

  /// Loads the profile when the screen appears.
  public var startAction: ProfileFeature.Action? { .view(.task) }

  static let commands = [
    KeyMap.edit.menuCommand(title: "Edit nickname"), KeyMap.signOut.menuCommand(), KeyMap.back.menuCommand(),
    KeyMap.reload.menuCommand(),
  ]
  /// While editing, any line is the nickname: commands only, no single keys.
  static let editingCommands = [
    KeyMap.cancel.menuCommand(keys: false, title: "Keep the old nickname"),
    KeyMap.retry.menuCommand(keys: false, title: "Save again"),
  ]

  /// The screen for `state`.
  public func render(_ state: ProfileFeature.State) -> Screen {
    Screen {
      Component.header("Profile")
      if let profile = state.profile {
        Component.text("Username: @\(profile.username)")
        Component.text("Nickname (what artists see): \(profile.displayName)")
        if !profile.statusMessage.isEmpty { Component.text("Status: \(profile.statusMessage)") }
        if let count = profile.subscriptionCount { Component.text("Subscriptions: \(count)") }
      }
      if state.isLoading { Component.progress("Loading your profile") }
      if let notice = state.notice { Component.notice(notice) }
      if let error = state.error { Component.errorBanner(error) }
      if state.isSaving { Component.progress("Saving") }
      if state.isSigningOut { Component.progress("Signing out") }
      if let dialog = state.confirmationDialog {
        Component.alert(dialog)
      } else if state.isEditing {
        Component.text("New nickname: 1–\(AccountRules.displayNameMaxLength) characters.")
        Component.field(label: "Nickname", text: state.draft, isFocused: true)
        Component.menu(Self.editingCommands)
      } else {
        Component.menu(Self.commands)
      }
    }
  }

  /// The action that `input` means on this screen.
  public func action(for input: InputEvent, in state: ProfileFeature.State) -> ProfileFeature.Action? {
    if let dialog = state.confirmationDialog {
      return dialog.response(to: input).map(ProfileFeature.Action.confirmationDialog)
    }
    if state.isEditing {
      if KeyMap.cancel.matches(input, keys: false) { return .view(.cancelTapped) }
      if KeyMap.retry.matches(input, keys: false) { return .view(.retryTapped) }
      if case .line(let text) = input { return .view(.nicknameSubmitted(text)) }
      return nil
    }
    if KeyMap.edit.matches(input) { return .view(.editTapped) }
    if KeyMap.signOut.matches(input) { return .view(.signOutTapped) }
    if KeyMap.back.matches(input) { return .view(.backTapped) }
    if KeyMap.reload.matches(input) { return .view(.task) }
    return nil
  }
}
