import ArtiSignInPassword
import CommonKit
import FrommUI

/// The password screen in the terminal: a line of text is the password and signs in at once;
/// `b` goes back. The password is never shown, only `*`.
public struct SignInPasswordView: TerminalView {
  /// Creates the view.
  public init() {}

  /// The screen for `state`: the password only as `*`.
  public func render(_ state: SignInPasswordFeature.State) -> Screen {
    Screen {
      if state.isNewAccount {
        Component.header("Create an artist account", subtitle: "A password for \(state.username)")
      } else {
        Component.header("Sign in", subtitle: "Password for \(state.username)")
      }
      Component.field(
        label: "Password", text: String(repeating: "*", count: state.password.count),
        placeholder: AccountRules.passwordRuleDescription,
        isSecure: true, isFocused: !state.isSigningIn)
      if state.isSigningIn {
        Component.progress(state.isNewAccount ? "Creating your account" : "Signing in")
      } else if let error = state.passwordProblem?.message ?? state.error?.message {
        Component.errorBanner(error)
      }
      Component.text("Type your password and press Enter.", style: .dim)
      Component.menu([KeyMap.back.menuCommand()])
    }
  }

  /// The action that `input` means on the screen.
  public func action(
    for input: InputEvent, in state: SignInPasswordFeature.State
  ) -> SignInPasswordFeature.Action? {
    if KeyMap.back.matches(input) { return .view(.backTapped) }
    guard !state.isSigningIn, let text = input.text, !text.isEmpty else { return nil }
    return .view(.passwordSubmitted(text))
  }
}
