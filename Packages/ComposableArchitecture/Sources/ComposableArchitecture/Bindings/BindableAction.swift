/// An action enum with a case for setting state fields directly, as bound form fields do.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case nextButtonTapped
///
///   var binding: BindingAction<State>? {
///     if case .binding(let action) = self { action } else { nil }
///   }
/// }
/// ```
///
/// Combine with ``BindingReducer`` in the feature's body to apply the changes.
public protocol BindableAction: Sendable {
  /// The state whose fields can be set.
  associatedtype State

  /// Wraps a binding action; usually the enum's `binding` case.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action wraps, if it is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The action that sets the field at `keyPath` to `value`; what a view sends when the user
  /// edits a field bound to that state: `.set(\.username, text)`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
