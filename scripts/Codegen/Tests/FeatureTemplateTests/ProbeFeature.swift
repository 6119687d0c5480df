import ComposableArchitecture

/// The Probe screen: a count that a reset sets back to zero after a short delay. Replace it with
/// the screen's real state and actions.
public struct ProbeFeature: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The current count.
    public var count: Int
    /// A reset is waiting for its delay.
    public var isResetting: Bool

    /// Creates the state of the screen.
    public init(count: Int = 0, isResetting: Bool = false) {
      self.count = count
      self.isResetting = isResetting
    }
  }

  /// What happens on the screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the user did.
    case view(View)
    /// The reset delay ended.
    case resetDelayFinished
    /// What the parent acts on.
    case delegate(Delegate)

    /// What the user did on the screen.
    public enum View: Equatable, Sendable {
      /// Count up.
      case incrementTapped
      /// Count down.
      case decrementTapped
      /// Set the count back to zero after `resetDelay`.
      case resetTapped
      /// Leave the screen.
      case backTapped
    }

    /// What the parent acts on.
    public enum Delegate: Equatable, Sendable {
      /// The user left the screen.
      case close
    }
  }

  /// The effects that leaving the screen cancels.
  public enum CancelID: Hashable, Sendable {
    /// The delayed reset.
    case reset
  }

  /// How long a reset waits; another reset meanwhile starts no other.
  public static let resetDelay: Duration = .milliseconds(300)

  @Dependency(\.continuousClock) var clock

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.incrementTapped):
      state.count += 1
      return .none

    case .view(.decrementTapped):
      state.count -= 1
      return .none

    case .view(.resetTapped):
      guard !state.isResetting else { return .none }
      state.isResetting = true
      return .run { send in
        try await clock.sleep(for: Self.resetDelay)
        await send(.resetDelayFinished)
      }
      .cancellable(id: CancelID.reset)

    case .resetDelayFinished:
      state.count = 0
      state.isResetting = false
      return .none

    case .view(.backTapped):
      return .merge(.cancel(id: CancelID.reset), .send(.delegate(.close)))

    case .delegate:
      return .none
    }
  }
}
