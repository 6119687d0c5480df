/// The four files of a new feature, in the style of the existing ones (`Action.view(View)` for what
/// the user does, `delegate(Delegate)` for what the parent acts on): a reducer module, its terminal
/// view module, and a test target for each. `scripts/new-feature` writes them; the test target
/// `FeatureTemplateTests` compiles and runs one rendering, so the template cannot rot unnoticed.
///
/// The starting screen is a count with a delayed, cancellable reset: small, but it shows a clock
/// dependency, an effect, its cancellation and a delegate action, each with its test.
public struct FeatureTemplate: Sendable {
  /// The app's module prefix: `Fan` or `Arti`.
  public var prefix: String
  /// The screen's name without the prefix: `Settings`.
  public var name: String

  /// A template for the screen `name` of the app whose modules start with `prefix`.
  public init(prefix: String, name: String) {
    self.prefix = prefix
    self.name = name
  }

  /// `FanSettings`.
  public var module: String { prefix + name }
  /// `FanSettingsView`.
  public var viewModule: String { module + "View" }
  var feature: String { name + "Feature" }
  var view: String { name + "View" }

  /// Each file's path inside the package, and its text (before `swift format`).
  public var files: [(path: String, text: String)] {
    [
      ("Sources/\(module)/\(feature).swift", featureSource),
      ("Sources/\(viewModule)/\(view).swift", viewSource),
      ("Tests/\(module)Tests/\(feature)Tests.swift", featureTests),
      ("Tests/\(viewModule)Tests/\(view)Tests.swift", viewTests),
    ]
  }

  var featureSource: String {
    #"""
    import ComposableArchitecture

    /// The \#(name) screen: a count that a reset sets back to zero after a short delay. Replace it with
    /// the screen's real state and actions.
    public struct \#(feature): Reducer {
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

    """#
  }

  var viewSource: String {
    #"""
    import FrommUI
    import \#(module)

    /// The \#(name) screen in the terminal: `+` and `-` change the count; `/reset` resets it and
    /// `b` (or `/back`, Escape, from `KeyMap`) goes back.
    public struct \#(view): TerminalView {
      /// Creates the view.
      public init() {}

      static let commands = [
        MenuCommand("+", "Add one"), MenuCommand("-", "Take one"), MenuCommand("/reset", "Reset"),
        KeyMap.back.menuCommand(),
      ]

      /// The screen for `state`.
      public func render(_ state: \#(feature).State) -> Screen {
        Screen {
          Component.header("\#(name)")
          Component.text("Count: \(state.count)")
          if state.isResetting { Component.progress("Resetting") }
          Component.menu(Self.commands)
        }
      }

      /// The action that `input` means on the screen.
      public func action(for input: InputEvent, in state: \#(feature).State) -> \#(feature).Action? {
        if KeyMap.back.matches(input) { return .view(.backTapped) }
        return switch input {
        case .command("reset", _): .view(.resetTapped)
        case .line("+"): .view(.incrementTapped)
        case .line("-"): .view(.decrementTapped)
        default: nil
        }
      }
    }

    """#
  }

  var featureTests: String {
    #"""
    import ComposableArchitecture
    import ComposableArchitectureTesting
    import Testing
    import \#(module)

    @MainActor
    struct \#(feature)Tests {
      @Test func incrementThenDecrement_fromZero_countsUpAndDown() async {
        let store = TestStore(initialState: \#(feature).State()) { \#(feature)() }
        await store.send(.view(.incrementTapped)) { $0.count = 1 }
        await store.send(.view(.decrementTapped)) { $0.count = 0 }
      }

      @Test func reset_tappedTwice_zeroesOnceAfterTheDelay() async {
        let clock = TestClock()
        let store = TestStore(initialState: \#(feature).State(count: 3)) {
          \#(feature)()
        } withDependencies: {
          $0.continuousClock = clock
        }
        await store.send(.view(.resetTapped)) { $0.isResetting = true }
        await store.send(.view(.resetTapped))
        await clock.advance(by: \#(feature).resetDelay)
        await store.receive(.resetDelayFinished) {
          $0.count = 0
          $0.isResetting = false
        }
      }

      @Test func back_whileResetting_cancelsTheResetAndCloses() async {
        let store = TestStore(initialState: \#(feature).State(count: 3)) {
          \#(feature)()
        } withDependencies: {
          $0.continuousClock = TestClock()
        }
        await store.send(.view(.resetTapped)) { $0.isResetting = true }
        await store.send(.view(.backTapped))
        await store.receive(.delegate(.close))
      }
    }

    """#
  }

  var viewTests: String {
    #"""
    import FrommUI
    import Testing
    import \#(module)
    import \#(viewModule)

    struct \#(view)Tests {
      let view = \#(view)()

      @Test func render_countAndReset_showsThem() {
        let text = view.render(\#(feature).State(count: 2, isResetting: true)).plainText(width: 60)
        #expect(text.contains("Count: 2"))
        #expect(text.contains("Resetting"))
      }

      @Test func action_keysAndCommands_mapToActionsAndOtherTextToNothing() {
        let state = \#(feature).State()
        #expect(view.action(for: .line("+"), in: state) == .view(.incrementTapped))
        #expect(view.action(for: .line("-"), in: state) == .view(.decrementTapped))
        #expect(view.action(for: .command(name: "reset"), in: state) == .view(.resetTapped))
        #expect(view.action(for: .command(name: "back"), in: state) == .view(.backTapped))
        #expect(view.action(for: .line("b"), in: state) == .view(.backTapped))
        #expect(view.action(for: .line("hello"), in: state) == nil)
      }
    }

    """#
  }
}
