import ArtiSignInUsername
import CommonKit
import FrommUI

/// The username screen in the terminal: a line of text is the username, `n` goes on, `b` goes back.
public struct SignInUsernameView: TerminalView {
  static let next = KeyMap.next
  static let back = KeyMap.back

  /// Creates the view.
  public init() {}

  /// The screen for `state`.
  public func render(_ state: SignInUsernameFeature.State) -> Screen {
    Screen {
      Component.header("Sign in", subtitle: "Enter your fromm artist ID")
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
      case .checkFailed(let message):
        Component.errorBanner("\(message) \(Self.next.hint("try again"))")
      case .ok:
        Component.text("Account found. \(Self.next.hint("enter your password"))", style: .success)
      }
      Component.menu(menu(for: state).map { $0.menuCommand() })
    }
  }

  /// The action that `input` means on the screen.
  public func action(
    for input: InputEvent, in state: SignInUsernameFeature.State
  ) -> SignInUsernameFeature.Action? {
    switch menu(for: state).first(where: { $0.matches(input) }) {
    case Self.next: return .view(.nextTapped)
    case Self.back: return .view(.backTapped)
    default: return input.text.map { .view(.usernameChanged($0)) }
    }
  }

  private func menu(for state: SignInUsernameFeature.State) -> [KeyBinding] {
    switch state.inputState {
    case .ok, .checkFailed: [Self.next, Self.back]
    default: [Self.back]
    }
  }
}
