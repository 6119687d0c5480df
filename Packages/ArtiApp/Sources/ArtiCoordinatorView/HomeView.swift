import ArtiCoordinator
import ArtiFans
import ArtiFansView
import ArtiProfile
import ArtiProfileView
import ArtiRoomView
import Foundation
import FrommUI

/// Home in the terminal: `/room`, `/fans` and `/profile` switch tabs; everything else goes to the
/// tab shown.
public struct HomeView: TerminalView {
  /// Typed as commands, so a letter stays the tab's own key (`r` reloads the profile); the room
  /// counts the replies that arrived while another tab was shown.
  static func tabs(newReplies: Int) -> [MenuCommand] {
    [
      KeyMap.room.menuCommand(keys: false, title: newReplies > 0 ? "Room (\(newReplies) new)" : nil),
      KeyMap.fans.menuCommand(keys: false, title: "Fans"), KeyMap.profile.menuCommand(keys: false),
    ]
  }

  let room: RoomView
  let fans: FansView

  /// Creates the view, showing message times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.room = RoomView(timeZone: timeZone)
    self.fans = FansView(timeZone: timeZone)
  }

  /// The screen of the tab shown, under the tabs.
  public func render(_ state: HomeFeature.State) -> Screen {
    Screen {
      Component.text(
        "fromm for artists · \(state.session.account.displayName) (@\(state.session.account.username))",
        style: .dim)
      Component.menu(Self.tabs(newReplies: state.newReplies))
      switch state.tab {
      case .room: room.render(state.room)
      case .fans: fans.render(state.fans)
      case .profile: ProfileView().render(state.profile)
      }
    }
  }

  /// The tab picked by `input`, or the shown tab's action for it.
  public func action(for input: InputEvent, in state: HomeFeature.State) -> HomeFeature.Action? {
    if KeyMap.room.matches(input, keys: false) { return .view(.tabSelected(.room)) }
    if KeyMap.fans.matches(input, keys: false) { return .view(.tabSelected(.fans)) }
    if KeyMap.profile.matches(input, keys: false) { return .view(.tabSelected(.profile)) }
    switch state.tab {
    case .room: return room.action(for: input, in: state.room).map(HomeFeature.Action.room)
    case .fans: return fans.action(for: input, in: state.fans).map(HomeFeature.Action.fans)
    case .profile:
      return ProfileView().action(for: input, in: state.profile).map(HomeFeature.Action.profile)
    }
  }
}
