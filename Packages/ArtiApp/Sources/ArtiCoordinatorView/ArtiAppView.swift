import ArtiCoordinator
import ArtiSignInPassword
import ArtiSignInPasswordView
import ArtiSignInUsername
import ArtiSignInUsernameView
import ComposableArchitecture
import Foundation
import FrommUI

/// The whole arti app in the terminal: the intro, the sign-in screens on top of it, or home.
///
/// Its start action restores the saved session, so `TerminalLoop(store:view:terminal:)` with
/// this view runs the app as it launches.
public struct ArtiAppView: TerminalView {
  let home: HomeView

  /// Creates the view, showing message times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.home = HomeView(timeZone: timeZone)
  }

  /// Restores the saved session when the app starts.
  public var startAction: ArtiAppFeature.Action? { .view(.task) }

  /// The screen of whatever is on top, with the fans' replies that arrived while the room was
  /// not shown (for the terminal's title and bell).
  public func render(_ state: ArtiAppFeature.State) -> Screen {
    Screen {
      if state.isRestoring {
        Component.header("fromm for artists")
        Component.progress("Restoring your session")
      } else if let home = state.home {
        self.home.render(home)
      } else if let screen = state.path.last {
        switch screen {
        case .username(let username): SignInUsernameView().render(username)
        case .password(let password): SignInPasswordView().render(password)
        }
      } else {
        Component.header("fromm for artists", subtitle: "Talk to every fan at once")
        Component.text("Broadcast to your subscribers and read their replies.")
        if let notice = state.notice { Component.notice(notice) }
        // Nothing is typed on the intro: `l` acts alone, so it never joins the ID typed next.
        Component.menu([KeyMap.logIn.menuCommand(), KeyMap.signUp.menuCommand()], keysActAlone: true)
      }
    }
    .unread(state.home?.newReplies)
  }

  /// The action of whatever is on top for `input`.
  public func action(for input: InputEvent, in state: ArtiAppFeature.State) -> ArtiAppFeature.Action? {
    if state.isRestoring { return nil }
    if let home = state.home {
      return self.home.action(for: input, in: home).map { .home(.presented($0)) }
    }
    if let screen = state.path.last, let id = state.path.elementIDs.last {
      let action: ArtiAppFeature.Path.Action? =
        switch screen {
        case .username(let username):
          SignInUsernameView().action(for: input, in: username).map { .username($0) }
        case .password(let password):
          SignInPasswordView().action(for: input, in: password).map { .password($0) }
        }
      return action.map { .path(.element(id: id, action: $0)) }
    }
    if KeyMap.signUp.matches(input) { return .view(.signUpTapped) }
    return KeyMap.logIn.matches(input) ? .view(.logInTapped) : nil
  }
}
