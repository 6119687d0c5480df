import FanArtistList
import FanChat
import FanProfile
import FanSignIn
import FrommUI

/// The fan app's screen: whichever feature is on top, and its input goes to that feature.
public struct FanAppView: TerminalView {
  /// Creates the view.
  public init() {}

  /// Restores the last session when the app starts.
  public var startAction: FanAppFeature.Action? { .signIn(.view(.task)) }

  /// The screen of the feature on top.
  public func render(_ state: FanAppFeature.State) -> Screen {
    Screen {
      if let chat = state.chat {
        ChatView().render(chat)
      } else if let profile = state.profile {
        ProfileView().render(profile)
      } else if let artists = state.artists {
        ArtistListView().render(artists)
        if let account = state.account {
          Component.text("Signed in as \(account.displayName) (@\(account.username)).", style: .dim)
        }
      } else if let signIn = state.signIn {
        SignInView().render(signIn)
      }
    }
  }

  /// The action of the feature on top for `input`.
  public func action(for input: InputEvent, in state: FanAppFeature.State) -> FanAppFeature.Action? {
    if let chat = state.chat { return ChatView().action(for: input, in: chat).map(FanAppFeature.Action.chat) }
    if let profile = state.profile {
      return ProfileView().action(for: input, in: profile).map(FanAppFeature.Action.profile)
    }
    if let artists = state.artists {
      return ArtistListView().action(for: input, in: artists).map(FanAppFeature.Action.artists)
    }
    if let signIn = state.signIn {
      return SignInView().action(for: input, in: signIn).map(FanAppFeature.Action.signIn)
    }
    return nil
  }
}
