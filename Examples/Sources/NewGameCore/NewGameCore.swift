import ComposableArchitecture
import GameCore

/// Where two players type their names and start a game, or log out.
public struct NewGame: Reducer {
  /// The players' names and the game, once started.
  public struct State: Equatable, Sendable {
    /// The game in progress, presented over this screen.
    @PresentationState public var game: Game.State?
    /// The name of the player who plays O.
    public var oPlayerName = ""
    /// The name of the player who plays X.
    public var xPlayerName = ""

    /// Starts with both names empty and no game.
    public init() {}
  }

  /// What happens on the new-game screen.
  public enum Action: BindableAction, Sendable, CasePathable {
    /// A name was edited.
    case binding(BindingAction<State>)
    /// The presented game.
    case game(PresentationAction<Game.Action>)
    /// Start a game with the names typed.
    case letsPlayButtonTapped
    /// Leave for the sign-in screen; the parent acts on it.
    case logoutButtonTapped
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .game:
        return .none

      case .letsPlayButtonTapped:
        state.game = Game.State(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
        return .none

      case .logoutButtonTapped:
        return .none
      }
    }
    .ifLet(\.$game, action: \.game) {
      Game()
    }
  }
}
