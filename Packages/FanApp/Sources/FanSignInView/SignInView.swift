import CommonKit
import FanSignIn
import FrommUI

/// The sign-in screen: one question at a time, the rules next to it, errors in place.
///
/// Any line answers the question on screen; `/signup`, `/signin` and `/back` (``KeyMap``) switch
/// what is asked.
public struct SignInView: TerminalView {
  /// Creates the view.
  public init() {}

  /// Restores the stored session when the screen appears.
  public var startAction: SignInFeature.Action? { .view(.task) }

  /// The screen for `state`.
  public func render(_ state: SignInFeature.State) -> Screen {
    Screen {
      switch state.mode {
      case .signIn: Component.header("fromm — Sign in", subtitle: "Read and reply to your artists")
      case .signUp:
        Component.header("fromm — Create a fan account", subtitle: "Pick a username and a password")
      }
      switch state.step {
      case .restoring:
        Component.progress("Restoring your last session")
      case .username:
        Component.text("Username: \(AccountRules.usernameRuleDescription)")
        Component.field(
          label: "Username", text: state.username, placeholder: "e.g. minji_fan", isFocused: true)
      case .password:
        Component.text("Username: \(state.username)")
        Component.text("Password: \(AccountRules.passwordRuleDescription)")
        Component.field(label: "Password", text: "", isSecure: true, isFocused: true)
      }
      if let error = state.error { Component.errorBanner(error) }
      if state.isWorking && state.step != .restoring {
        switch (state.step, state.mode) {
        case (.password, .signIn): Component.progress("Signing in")
        case (.password, .signUp): Component.progress("Creating your account")
        default: Component.progress("Checking the username")
        }
      }
      if state.step != .restoring { Component.menu(Self.commands(for: state)) }
    }
  }

  /// The action that `input` means on this screen.
  public func action(for input: InputEvent, in state: SignInFeature.State) -> SignInFeature.Action? {
    if KeyMap.signUp.matches(input, keys: false) { return .view(.modeChanged(.signUp)) }
    if KeyMap.signIn.matches(input, keys: false) { return .view(.modeChanged(.signIn)) }
    if state.step == .password, KeyMap.back.matches(input, keys: false) { return .view(.backTapped) }
    guard case .line(let text) = input else { return nil }
    switch state.step {
    case .restoring: return nil
    case .username: return .view(.usernameSubmitted(text))
    case .password: return .view(.passwordSubmitted(text))
    }
  }

  static func commands(for state: SignInFeature.State) -> [MenuCommand] {
    var commands = [(state.mode == .signIn ? KeyMap.signUp : KeyMap.signIn).menuCommand(keys: false)]
    if state.step == .password {
      commands.append(KeyMap.back.menuCommand(keys: false, title: "Change the username"))
    }
    return commands
  }
}
