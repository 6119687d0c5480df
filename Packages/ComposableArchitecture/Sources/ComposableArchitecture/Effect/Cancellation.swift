/// An effect cancellation id, erased; ids are compared by value and type.
@usableFromInline
struct CancelID: Hashable, @unchecked Sendable {
  // Sendable because it is only built from `Hashable & Sendable` values.
  let base: AnyHashable

  init(_ id: some Hashable & Sendable) {
    self.base = AnyHashable(id)
  }
}

extension Effect {
  /// Makes this effect cancellable by ``cancel(id:)``, and, with `cancelInFlight`, cancels any
  /// effect already running under `id` first.
  ///
  /// ```swift
  /// return .run { send in … }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// Ids belong to one store: two stores never cancel each other's effects.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    if case .none = operation, !cancelInFlight { return .none }
    return Effect(.cancellable(id: CancelID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect of this store that was made cancellable with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(CancelID(id)))
  }
}
