import CommonKit
import FanProfile
import FrommUI

/// The profile screen: who the fan is, the nickname artists see, and what can be done.
///
/// `e` edits the nickname (then any line is the new nickname, `/cancel` stops), `s` signs out
/// after a confirmation (`1` Sign out, `2` Cancel), `b` goes back, `r` reloads.
public struct ProfileView: TerminalView {
  /// Creates the view.
  public init() {}

  /// Loads the profile when the screen appears.
  public var startAction: ProfileFeature.Action? { .view(.task) }

  static let commands = [
    MenuCommand("e", "Edit nickname"), MenuCommand("s", "Sign out"), MenuCommand("b", "Back"),
    MenuCommand("r", "Reload"),
  ]
  static let editingCommands = [
    MenuCommand("/cancel", "Keep the old nickname"), MenuCommand("/retry", "Save again"),
  ]

  /// The screen for `state`.
  public func render(_ state: ProfileFeature.State) -> Screen {
    Screen {
      Component.header("Profile")
      if let profile = state.profile {
        Component.text("Username: @\(profile.username)")
        Component.text("Nickname (what artists see): \(profile.displayName)")
        if !profile.statusMessage.isEmpty { Component.text("Status: \(profile.statusMessage)") }
        if let count = profile.subscriptionCount {
          Component.text("Subscriptions: \(count)")
        }
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
      switch input {
      case .command("cancel", _), .key(.escape): return .view(.cancelTapped)
      case .command("retry", _): return .view(.retryTapped)
      case .line(let text): return .view(.nicknameSubmitted(text))
      default: return nil
      }
    }
    if input == .key(.escape) { return .view(.backTapped) }
    switch Self.commands.command(for: input)?.shortcut {
    case "e": return .view(.editTapped)
    case "s": return .view(.signOutTapped)
    case "b": return .view(.backTapped)
    case "r": return .view(.task)
    default: return nil
    }
  }
}
