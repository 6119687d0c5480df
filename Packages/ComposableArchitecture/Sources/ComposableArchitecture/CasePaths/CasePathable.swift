/// An enum whose cases can be named by key path, like TCA's `@CasePathable` enums.
///
/// Without macros, `scripts/codegen` writes what `@CasePathable` would: an enum that declares
/// `CasePathable` gets, in its module's `Generated/` folder, an `AllCasePaths` struct with one
/// property per case and the `allCasePaths` that returns it:
///
/// ```swift
/// enum Action: CasePathable {
///   case child(Child.Action)
///   case response(Result<String, APIError>)
/// }
///
/// // Generated/Feature+Generated.swift, written by scripts/codegen:
/// extension Action {
///   struct AllCasePaths: Sendable {
///     var child: AnyCasePath<Action, Child.Action> {
///       AnyCasePath(embed: Action.child, extract: { if case .child(let value) = $0 { value } else { nil } })
///     }
///     var response: AnyCasePath<Action, Result<String, APIError>> {
///       AnyCasePath(embed: Action.response, extract: { if case .response(let value) = $0 { value } else { nil } })
///     }
///   }
///   static var allCasePaths: AllCasePaths { AllCasePaths() }
/// }
/// ```
///
/// An enum that declares its own `AllCasePaths` is left as it is.
///
/// Then `\.child` is a ``CaseKeyPath`` wherever the library asks for one:
/// `Scope(state: \.child, action: \.child) { Child() }`, `store.receive(\.response)`; and every
/// case with a case path reads as an optional property, `destination.child?.title`, as TCA's
/// `@CasePathable @dynamicMemberLookup` enums do.
@dynamicMemberLookup
public protocol CasePathable {
  /// A value with one ``AnyCasePath`` property per case.
  associatedtype AllCasePaths: Sendable
  /// The enum's case paths.
  static var allCasePaths: AllCasePaths { get }
}

/// A key path to an enum case, written `\.child` where the library asks for one.
///
/// Resolve one with ``AnyCasePath/init(_:)-(CaseKeyPath<Root,Value>)``.
public typealias CaseKeyPath<Root: SendableMetatype, Value: SendableMetatype> = KeyPath<
  Case<Root>, Case<Value>
>

extension CasePathable where Self: SendableMetatype {
  /// Whether this value is in the case `casePath`: `action.is(\.child)`.
  public func `is`<Value: SendableMetatype>(_ casePath: CaseKeyPath<Self, Value>) -> Bool {
    AnyCasePath(casePath).extract(from: self) != nil
  }

  /// The payload of the case `casePath`, or `nil` if the value is in another case.
  public subscript<Value: SendableMetatype>(case casePath: CaseKeyPath<Self, Value>) -> Value? {
    AnyCasePath(casePath).extract(from: self)
  }
}
