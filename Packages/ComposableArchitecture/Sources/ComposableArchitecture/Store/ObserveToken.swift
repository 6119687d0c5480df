/// Keeps a ``Store/observe(_:)`` running: the body runs until the token is cancelled or
/// released.
///
/// ```swift
/// let token = store.observe { titleLabel.text = store.title }
/// token.cancel()  // or let it go
/// ```
@MainActor
public final class ObserveToken {
  private let observer: StoreObserver

  init(_ observer: StoreObserver) {
    self.observer = observer
  }

  isolated deinit {
    observer.cancel()
  }

  /// Stops running the observation's body.
  public func cancel() {
    observer.cancel()
  }
}
