import Foundation

/// A type ``AppStorageKey`` can keep in `UserDefaults`: `Bool`, `Int`, `Double`, `String`,
/// `Data`, `Date`, an optional of one, or a `RawRepresentable` whose raw value is one.
///
/// ```swift
/// enum Theme: String, AppStorageValue { case light, dark }
/// @Shared(.appStorage("theme")) var theme = Theme.light
/// ```
public protocol AppStorageValue: Sendable {
  /// The value as a property list holds it; `nil` removes the entry.
  var appStorageValue: (any Sendable)? { get }
  /// The value read back from a property list; `nil` when it holds something else.
  init?(appStorageValue: Any)
}

extension AppStorageValue where Self: RawRepresentable, RawValue: AppStorageValue {
  /// The raw value, stored as its own type is.
  public var appStorageValue: (any Sendable)? { rawValue.appStorageValue }
  /// The value of the raw value read back; `nil` for a raw value of no case.
  public init?(appStorageValue: Any) {
    guard let rawValue = RawValue(appStorageValue: appStorageValue) else { return nil }
    self.init(rawValue: rawValue)
  }
}

/// The property-list types, stored as themselves.
protocol PropertyListValue: AppStorageValue {}

extension PropertyListValue {
  /// The value itself.
  public var appStorageValue: (any Sendable)? { self }
  /// The stored value, if it is of this type.
  public init?(appStorageValue: Any) {
    guard let value = appStorageValue as? Self else { return nil }
    self = value
  }
}

extension Bool: PropertyListValue {}
extension Int: PropertyListValue {}
extension Double: PropertyListValue {}
extension String: PropertyListValue {}
extension Data: PropertyListValue {}
extension Date: PropertyListValue {}

extension Optional: AppStorageValue where Wrapped: AppStorageValue {
  /// The wrapped value as it is stored; `nil` removes the entry.
  public var appStorageValue: (any Sendable)? { self?.appStorageValue }
  /// The wrapped value read back; `nil` when it holds something else.
  public init?(appStorageValue: Any) {
    guard let wrapped = Wrapped(appStorageValue: appStorageValue) else { return nil }
    self = wrapped
  }
}
