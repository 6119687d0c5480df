import ArtiProfile
import ComposableArchitecture
import FrommUI

/// The profile in the terminal: `e` edits, `r` reloads, `o` signs out (after a confirmation).
/// While editing, `/name …` and `/status …` change the values, `s` saves and `c` cancels.
public struct ProfileView: TerminalView {
  /// What the user can do here.
  public enum Action: Equatable, Sendable {
    /// The screen appeared (run alone; home starts the profile itself).
    case appeared
    /// `e`.
    case editTapped
    /// `r`.
    case refreshTapped
    /// `/name …`.
    case displayNameChanged(String)
    /// `/status …`.
    case statusMessageChanged(String)
    /// `s`.
    case saveTapped
    /// `c`.
    case cancelTapped
    /// `o`.
    case signOutTapped
    /// The answer to the sign-out confirmation.
    case confirmationDialog(PresentationAction<ProfileFeature.Action.ConfirmationDialog>)
  }

  static let edit = KeyMap.edit
  static let refresh = KeyMap.reload
  static let signOut = KeyMap.signOut
  static let name = KeyMap.name
  static let status = KeyMap.status
  static let save = KeyMap.save
  static let cancel = KeyMap.cancel

  /// Creates the view.
  public init() {}

  /// The view shown for the feature's state and sending the feature's actions.
  public static var feature: ScopedView<ProfileView, ProfileFeature.State, ProfileFeature.Action> {
    ProfileView().scope(state: { $0 }, action: ProfileFeature.Action.init)
  }

  /// Reads the profile when the screen is run on its own.
  public var startAction: Action? { .appeared }

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
        Component.empty("Your profile is not loaded. \(Self.refresh.hint("try again"))")
      }
      if state.isLoading { Component.progress("Reading your profile") }
      if state.isSaving { Component.progress("Saving") }
      if state.isSigningOut { Component.progress("Signing out") }
      if state.didSave { Component.text("Saved.", style: .success) }
      for error in [state.loadError, state.saveError, state.signOutError].compactMap({ $0 }) {
        Component.errorBanner(error)
      }
      if let dialog = state.confirmationDialog {
        Component.alert(dialog)
      } else if state.editor != nil {
        Component.menu([Self.name, Self.status, Self.save, Self.cancel].map { $0.menuCommand() })
      } else {
        Component.menu(
          (state.profile == nil ? [Self.refresh, Self.signOut] : [Self.edit, Self.refresh, Self.signOut]).map
          {
            $0.menuCommand()
          })
      }
    }
  }

  public func action(for input: InputEvent, in state: ProfileFeature.State) -> Action? {
    if let dialog = state.confirmationDialog {
      return dialog.response(to: input).map(Action.confirmationDialog)
    }
    if state.editor != nil {
      if let text = Self.name.argument(of: input) { return .displayNameChanged(text) }
      if let text = Self.status.argument(of: input) { return .statusMessageChanged(text) }
      if Self.save.matches(input) { return .saveTapped }
      if Self.cancel.matches(input) { return .cancelTapped }
      return nil
    }
    if Self.edit.matches(input) { return state.profile == nil ? nil : .editTapped }
    if Self.refresh.matches(input) { return .refreshTapped }
    if Self.signOut.matches(input) { return .signOutTapped }
    return nil
  }

  static func subscribers(_ count: Int) -> String {
    count == 1 ? "1 subscriber" : "\(count) subscribers"
  }
}

extension ProfileFeature.Action {
  /// The feature's action for what the user did on the screen.
  public init(_ action: ProfileView.Action) {
    switch action {
    case .appeared: self = .task
    case .editTapped: self = .editTapped
    case .refreshTapped: self = .refreshTapped
    case .displayNameChanged(let name): self = .displayNameChanged(name)
    case .statusMessageChanged(let status): self = .statusMessageChanged(status)
    case .saveTapped: self = .saveTapped
    case .cancelTapped: self = .cancelEditTapped
    case .signOutTapped: self = .signOutTapped
    case .confirmationDialog(let response): self = .confirmationDialog(response)
    }
  }
}
