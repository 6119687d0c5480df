import ComposableArchitecture

/// A game of tic-tac-toe between two named players, X first.
public struct Game: Reducer, Sendable {
  /// The board, whose turn it is, and the players' names.
  public struct State: Equatable, Sendable {
    /// Each cell's mark, row by row; `nil` for an empty cell.
    public var board: Three<Three<Player?>> = .empty
    /// Who plays next (or, once someone has won, who won).
    public var currentPlayer: Player = .x
    /// The name of the player who plays O.
    public let oPlayerName: String
    /// The name of the player who plays X.
    public let xPlayerName: String

    /// Starts an empty board with X to play.
    public init(oPlayerName: String, xPlayerName: String) {
      self.oPlayerName = oPlayerName
      self.xPlayerName = xPlayerName
    }

    /// The name of ``currentPlayer``.
    public var currentPlayerName: String {
      switch currentPlayer {
      case .o: oPlayerName
      case .x: xPlayerName
      }
    }
  }

  /// What the players do.
  public enum Action: Sendable, CasePathable {
    /// A player tapped a cell.
    case cellTapped(row: Int, column: Int)
    /// Start again on an empty board, with the same players.
    case playAgainButtonTapped
    /// Leave the game.
    case quitButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cellTapped(let row, let column):
        // A taken cell, or a board that already has a winner, takes no more marks.
        guard state.board[row][column] == nil, !state.board.hasWinner else { return .none }
        state.board[row][column] = state.currentPlayer
        if !state.board.hasWinner {
          state.currentPlayer.toggle()
        }
        return .none

      case .playAgainButtonTapped:
        state = State(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
        return .none

      case .quitButtonTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

/// One of the two players.
public enum Player: Equatable, Sendable {
  /// The player who marks O.
  case o
  /// The player who marks X, and plays first.
  case x

  /// Passes the turn to the other player.
  public mutating func toggle() {
    self = self == .x ? .o : .x
  }

  /// The mark shown in a cell.
  public var label: String {
    switch self {
    case .o: "⭕️"
    case .x: "❌"
    }
  }
}

extension Three<Three<Player?>> {
  /// A board with no marks.
  public static let empty = Self(.init(nil, nil, nil), .init(nil, nil, nil), .init(nil, nil, nil))

  /// Whether every cell is marked.
  public var isFilled: Bool {
    allSatisfy { row in row.allSatisfy { $0 != nil } }
  }

  /// Whether either player has three in a row, a column or a diagonal.
  public var hasWinner: Bool {
    hasWin(.x) || hasWin(.o)
  }

  func hasWin(_ player: Player) -> Bool {
    let lines: [[(row: Int, column: Int)]] =
      (0..<3).map { row in (0..<3).map { (row, $0) } }
      + (0..<3).map { column in (0..<3).map { ($0, column) } }
      + [(0..<3).map { ($0, $0) }, (0..<3).map { ($0, 2 - $0) }]
    return lines.contains { line in line.allSatisfy { self[$0.row][$0.column] == player } }
  }
}
