import ArtistBio
import Commonkit
import FanChat
import Testing

@Test func bio_isBio() { #expect(bio == "bio") }
