import ArtistBio
import FanChat

public let start = chat + bio
