import ComposableArchitecture
import GameCore

public struct GameView {}
