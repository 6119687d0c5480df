import ArtistClient

/// A fixture type.
public struct AuthClient {}
