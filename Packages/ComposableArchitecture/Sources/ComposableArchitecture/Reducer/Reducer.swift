/// A feature's logic: how its state changes for an action, and which effects to run.
///
/// Implement ``body`` to compose reducers, or ``reduce(into:action:)`` for a leaf:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .incrementButtonTapped:
///         state.count += 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// Reducers are `Sendable` values, so the effects they return may use the reducer's
/// dependencies from any task.
public protocol Reducer<State, Action>: Sendable {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen in the feature: user actions, effect responses.
  associatedtype Action: Sendable
  /// The type of ``body``; inferred.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this feature is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

/// A reducer with the state and action of `R`: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; it is never read.
  public var body: Body {
    fatalError(
      "'\(Self.self)' implements 'reduce(into:action:)' and has no 'body'; nothing should read it.")
  }
}
