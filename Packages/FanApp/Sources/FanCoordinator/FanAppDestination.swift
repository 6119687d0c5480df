import ComposableArchitecture
import FanProfile
import FanRoom

extension FanAppFeature {
  /// What opens over the artist list: a room or the profile.
  // codegen: enum reducer (Action: Equatable)
  public struct Destination: Reducer {
    /// The screen shown over the list.
    public enum State: Equatable, Sendable, CasePathable {
      /// An artist's room.
      case room(RoomFeature.State)
      /// The fan's profile.
      case profile(ProfileFeature.State)
    }
  }
}
