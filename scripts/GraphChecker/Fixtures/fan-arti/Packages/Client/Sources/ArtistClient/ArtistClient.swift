/// A fixture type.
public struct ArtistClient {}
