import ArtiSignInPassword
import ArtiSignInUsername
import ComposableArchitecture

extension ArtiAppFeature {
  /// The sign-in screens that can be pushed over the intro.
  // codegen: enum reducer (Action: Equatable)
  public struct Path: Reducer {
    /// One screen's state.
    public enum State: Equatable, Sendable, CasePathable {
      /// The username screen.
      case username(SignInUsernameFeature.State)
      /// The password screen.
      case password(SignInPasswordFeature.State)
    }
  }
}
