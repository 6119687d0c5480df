import CommonDataModels

extension ArtistListFeature {
  /// What went wrong on the list. It says what happened; the screen words it and says which
  /// key or command helps.
  public enum Problem: Equatable, Sendable {
    /// The list could not be read.
    case loadFailed(APIError)
    /// Subscribing to (or, when `subscribing` is false, unsubscribing from) an artist failed.
    case subscriptionFailed(artistName: String, subscribing: Bool, APIError)
    /// The fan picked an artist they are not subscribed to, shown on row `number` (from 1).
    case notSubscribed(artistName: String, number: Int)
    /// The fan picked an artist while the list holds none.
    case nothingToPick
    /// The fan named no artist of the list's `count` (`name` is empty when they named none).
    case unknownArtist(name: String, count: Int)
  }
}
