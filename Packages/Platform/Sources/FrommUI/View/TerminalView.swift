/// A feature's terminal presentation: a pure function from state to a ``Screen``, and from
/// what the user typed to an action.
///
/// Views hold no state and touch no terminal, so a test calls them directly. Write one over the
/// feature's own `State` and `Action`, returning the cases of its `Action.View`:
///
/// ```swift
/// struct CounterView: TerminalView {
///   func render(_ state: Counter.State) -> Screen {
///     Screen {
///       Component.header("Counter")
///       Component.text("Count: \(state.count)")
///       Component.menu([MenuCommand("+", "Increment"), MenuCommand("-", "Decrement")])
///     }
///   }
///
///   func action(for input: InputEvent, in state: Counter.State) -> Counter.Action? {
///     switch input {
///     case .line("+"): .view(.incrementButtonTapped)
///     case .line("-"): .view(.decrementButtonTapped)
///     default: nil
///     }
///   }
/// }
/// ```
public protocol TerminalView<State, Action> {
  /// What the view shows.
  associatedtype State
  /// What the view sends.
  associatedtype Action

  /// The screen for `state`.
  func render(_ state: State) -> Screen

  /// The action that `input` means while `state` is shown, or `nil` to ignore it.
  func action(for input: InputEvent, in state: State) -> Action?

  /// An action the run loop sends once when it starts, like SwiftUI's `.task { … }`: start a
  /// subscription or load data here. `nil` (the default) sends nothing.
  var startAction: Action? { get }
}

extension TerminalView {
  /// Sends nothing at start.
  public var startAction: Action? { nil }
}

extension TerminalView {
  /// This view shown for a feature's state and sending the feature's actions: `state` makes
  /// the view state, `action` embeds a view action.
  ///
  /// ```swift
  /// SignInUsernameView().scope(state: SignInUsernameView.ViewState.init, action: Feature.Action.view)
  /// ```
  public func scope<FeatureState, FeatureAction>(
    state toViewState: @escaping (FeatureState) -> State,
    action fromViewAction: @escaping (Action) -> FeatureAction
  ) -> ScopedView<Self, FeatureState, FeatureAction> {
    ScopedView(base: self, toViewState: toViewState, fromViewAction: fromViewAction)
  }
}

/// A view mapped onto a feature's state and action by ``TerminalView/scope(state:action:)``.
public struct ScopedView<Base: TerminalView, State, Action>: TerminalView {
  let base: Base
  let toViewState: (State) -> Base.State
  let fromViewAction: (Base.Action) -> Action

  /// The base view's screen for the view state made from `state`.
  public func render(_ state: State) -> Screen {
    base.render(toViewState(state))
  }

  /// The base view's action for `input`, embedded in the feature's action.
  public func action(for input: InputEvent, in state: State) -> Action? {
    base.action(for: input, in: toViewState(state)).map(fromViewAction)
  }

  /// The base view's start action, embedded in the feature's action.
  public var startAction: Action? { base.startAction.map(fromViewAction) }
}

/// A view made of two closures, for small features and tests.
///
/// ```swift
/// let view = AnyTerminalView<Int, Action>(
///   render: { Screen { Component.text("\($0)") } },
///   action: { input, _ in input == .line("+") ? .increment : nil })
/// ```
public struct AnyTerminalView<State, Action>: TerminalView {
  let renderScreen: (State) -> Screen
  let mapInput: (InputEvent, State) -> Action?

  /// The action sent when the loop starts.
  public let startAction: Action?

  /// A view that renders with `render`, maps input with `action`, and sends `startAction`
  /// when the loop starts.
  public init(
    startAction: Action? = nil,
    render: @escaping (State) -> Screen,
    action: @escaping (InputEvent, State) -> Action?
  ) {
    self.startAction = startAction
    self.renderScreen = render
    self.mapInput = action
  }

  /// The screen made by the `render` closure.
  public func render(_ state: State) -> Screen { renderScreen(state) }

  /// The action made by the `action` closure.
  public func action(for input: InputEvent, in state: State) -> Action? { mapInput(input, state) }
}
