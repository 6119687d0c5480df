import FanArtistList
import FanArtistListView
import FanCoordinator
import FanProfile
import FanProfileView
import FanRoom
import FanRoomView
import FanSignIn
import FanSignInView
import FrommUI

/// The fan app's screen: whichever feature is on top, and its input goes to that feature.
public struct FanAppView: TerminalView {
  /// Creates the view.
  public init() {}

  /// Restores the last session when the app starts.
  public var startAction: FanAppFeature.Action? { .signIn(.view(.task)) }

  /// The screen of the feature on top, with the unread messages of the fan's rooms once the
  /// list has read them (for the terminal's title and bell).
  public func render(_ state: FanAppFeature.State) -> Screen {
    Screen {
      switch state.destination {
      case .room(let room):
        RoomView().render(room)
      case .profile(let profile):
        ProfileView().render(profile)
      case nil:
        if let artists = state.artists {
          ArtistListView().render(artists)
          if let account = state.account {
            Component.text("Signed in as \(account.displayName) (@\(account.username)).", style: .dim)
          }
        } else if let signIn = state.signIn {
          SignInView().render(signIn)
        }
      }
    }
    .unread(
      state.artists.flatMap {
        $0.isLoading || $0.artists.isEmpty ? nil : $0.artists.map(\.unreadCount).reduce(0, +)
      })
  }

  /// The action of the feature on top for `input`.
  public func action(for input: InputEvent, in state: FanAppFeature.State) -> FanAppFeature.Action? {
    switch state.destination {
    case .room(let room):
      return RoomView().action(for: input, in: room).map { .destination(.presented(.room($0))) }
    case .profile(let profile):
      return ProfileView().action(for: input, in: profile).map { .destination(.presented(.profile($0))) }
    case nil:
      if let artists = state.artists {
        return ArtistListView().action(for: input, in: artists).map(FanAppFeature.Action.artists)
      }
      return state.signIn.flatMap { SignInView().action(for: input, in: $0) }.map(FanAppFeature.Action.signIn)
    }
  }
}
