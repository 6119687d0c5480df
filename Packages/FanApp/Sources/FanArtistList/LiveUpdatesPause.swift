import CommonDataModels

extension ArtistListFeature {
  /// Why the unread counts are not following the server right now: what failed, and how long
  /// until following tries again by itself.
  public struct LiveUpdatesPause: Equatable, Sendable {
    /// What failed.
    public var error: APIError
    /// The wait before the next try.
    public var retryIn: Duration

    /// Creates a pause.
    public init(error: APIError, retryIn: Duration) {
      self.error = error
      self.retryIn = retryIn
    }
  }
}
