import ArtiSignInUsername
import CommonKit
import FrommUI

/// The username screen in the terminal: a line of text is the username, `n` goes on, `b` goes back.
///
/// Map it onto the feature with ``SignInUsernameView/feature``.
public struct SignInUsernameView: TerminalView {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The username as typed.
    public var username: String
    /// What the text and the server said about it.
    public var inputState: SignInUsernameFeature.InputState

    /// The view state of the feature's `state`.
    public init(_ state: SignInUsernameFeature.State) {
      self.username = state.username
      self.inputState = state.inputState
    }
  }

  /// What the user can do here.
  public enum Action: Equatable, Sendable {
    /// A line was typed: the new username.
    case usernameChanged(String)
    /// `n`.
    case nextTapped
    /// `b`.
    case backTapped
  }

  static let next = KeyMap.next
  static let back = KeyMap.back

  /// Creates the view.
  public init() {}

  /// The view shown for the feature's state and sending the feature's actions.
  public static var feature:
    ScopedView<SignInUsernameView, SignInUsernameFeature.State, SignInUsernameFeature.Action>
  {
    SignInUsernameView().scope(state: State.init, action: SignInUsernameFeature.Action.init)
  }

  public func render(_ state: State) -> Screen {
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

  public func action(for input: InputEvent, in state: State) -> Action? {
    switch menu(for: state).first(where: { $0.matches(input) }) {
    case Self.next: return .nextTapped
    case Self.back: return .backTapped
    default: return input.text.map(Action.usernameChanged)
    }
  }

  private func menu(for state: State) -> [KeyBinding] {
    switch state.inputState {
    case .ok, .checkFailed: [Self.next, Self.back]
    default: [Self.back]
    }
  }
}

extension SignInUsernameFeature.Action {
  /// The feature's action for what the user did on the screen.
  public init(_ action: SignInUsernameView.Action) {
    switch action {
    case .usernameChanged(let text): self = .set(\.username, text.trimmingWhitespace())
    case .nextTapped: self = .nextButtonTapped
    case .backTapped: self = .backButtonTapped
    }
  }
}
