import ArtiSignInPassword
import CommonKit
import FrommUI

/// The password screen in the terminal: a line of text is the password and signs in at once;
/// `b` goes back. The password is never shown, only `*`.
public struct SignInPasswordView: TerminalView {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The account signing in.
    public var username: String
    /// How many characters are typed, shown as `*`.
    public var maskedPassword: String
    /// Whether the request is in flight.
    public var isSigningIn: Bool
    /// What went wrong, if anything.
    public var error: String?

    /// The view state of the feature's `state`.
    public init(_ state: SignInPasswordFeature.State) {
      self.username = state.username
      self.maskedPassword = String(repeating: "*", count: state.password.count)
      self.isSigningIn = state.isSigningIn
      self.error = state.passwordProblem?.message ?? state.error?.message
    }
  }

  /// What the user can do here.
  public enum Action: Equatable, Sendable {
    /// A line was typed: the password, submitted.
    case passwordSubmitted(String)
    /// `b`.
    case backTapped
  }

  static let back = KeyMap.back

  /// Creates the view.
  public init() {}

  /// The view shown for the feature's state and sending the feature's actions.
  public static var feature:
    ScopedView<SignInPasswordView, SignInPasswordFeature.State, SignInPasswordFeature.Action>
  {
    SignInPasswordView().scope(state: State.init, action: SignInPasswordFeature.Action.init)
  }

  public func render(_ state: State) -> Screen {
    Screen {
      Component.header("Sign in", subtitle: "Password for \(state.username)")
      Component.field(
        label: "Password", text: state.maskedPassword, placeholder: AccountRules.passwordRuleDescription,
        isSecure: true, isFocused: !state.isSigningIn)
      if state.isSigningIn {
        Component.progress("Signing in")
      } else if let error = state.error {
        Component.errorBanner(error)
      }
      Component.text("Type your password and press Enter.", style: .dim)
      Component.menu([Self.back.menuCommand()])
    }
  }

  public func action(for input: InputEvent, in state: State) -> Action? {
    if Self.back.matches(input) { return .backTapped }
    guard !state.isSigningIn, let text = input.text, !text.isEmpty else { return nil }
    return .passwordSubmitted(text)
  }
}

extension SignInPasswordFeature.Action {
  /// The feature's action for what the user did on the screen.
  public init(_ action: SignInPasswordView.Action) {
    switch action {
    case .passwordSubmitted(let password): self = .passwordSubmitted(password)
    case .backTapped: self = .backButtonTapped
    }
  }
}
