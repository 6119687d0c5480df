/// The answer of `GET /v1/artists`: every artist, ordered by display name.
public struct ArtistList: Codable, Sendable, Equatable {
  /// The artists.
  public var artists: [ArtistSummary]

  /// Creates a list.
  public init(artists: [ArtistSummary]) { self.artists = artists }
}
