import ArtiSignInUsername
import CommonKit
import FrommUI

/// The username screen in the terminal: a line of text is the ID, checked at once and, once
/// allowed, followed by the password; `/next` goes on with an ID found before, `b` goes back.
public struct SignInUsernameView: TerminalView {
  /// Creates the view.
  public init() {}

  /// The screen for `state`.
  public func render(_ state: SignInUsernameFeature.State) -> Screen {
    Screen {
      if state.isNewAccount {
        Component.header("Create an artist account", subtitle: "Choose your fromm artist ID")
      } else {
        Component.header("Sign in", subtitle: "Enter your fromm artist ID")
      }
      Component.field(label: "ID", text: state.username, placeholder: "artist ID", isFocused: true)
      switch state.inputState {
      case .empty:
        Component.text(AccountRules.usernameRuleDescription, style: .dim)
      case .invalid(let problem):
        Component.errorBanner(problem.message)
      case .checking:
        Component.progress("Checking your ID")
      case .notFound:
        Component.errorBanner("No account is called \"\(state.username)\". Check the spelling.")
      case .taken:
        Component.errorBanner(
          "\"\(state.username)\" is taken. Choose another ID, or go back and log in if it is yours.")
      case .checkFailed(let message):
        Component.errorBanner("\(message) \(KeyMap.next.hint("try again", keys: false))")
      case .ok:
        Component.text(
          "\(state.isNewAccount ? "This ID is free." : "Account found.") "
            + KeyMap.next.hint("enter your password", keys: false), style: .success)
      }
      Component.menu(menu(for: state))
    }
  }

  /// The action that `input` means on the screen.
  public func action(
    for input: InputEvent, in state: SignInUsernameFeature.State
  ) -> SignInUsernameFeature.Action? {
    if KeyMap.back.matches(input) { return .view(.backTapped) }
    // `/next` is a command only: every line here is an ID.
    if state.inputState.allowsNext, KeyMap.next.matches(input, keys: false) {
      return .view(.nextTapped)
    }
    guard let text = input.text, !text.trimmingWhitespace().isEmpty else { return nil }
    return .view(.usernameSubmitted(text))
  }

  private func menu(for state: SignInUsernameFeature.State) -> [MenuCommand] {
    state.inputState.allowsNext
      ? [KeyMap.next.menuCommand(keys: false), KeyMap.back.menuCommand()] : [KeyMap.back.menuCommand()]
  }
}

extension SignInUsernameFeature.InputState {
  /// Whether `/next` does something: go on, or check a name again after the check failed.
  fileprivate var allowsNext: Bool {
    if case .checkFailed = self { true } else { self == .ok }
  }
}
