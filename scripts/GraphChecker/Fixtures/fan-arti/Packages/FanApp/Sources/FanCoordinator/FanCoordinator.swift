import ArtiRoom
import ArtistClient

/// A fixture type.
public struct FanCoordinator {}
