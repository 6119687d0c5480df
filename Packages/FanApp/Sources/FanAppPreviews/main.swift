import ArtistClient
import CommonKit
import ComposableArchitecture
import FanArtistList
import FanArtistListView
import FanCoordinator
import FanCoordinatorView
import FanProfile
import FanProfileView
import FanRoom
import FanRoomView
import FanSignIn
import FanSignInView
import Foundation
import FrommUI

// Runs one fan feature alone, or the whole app, on preview dependencies (no backend):
//   swift run --package-path Packages/FanApp FanAppPreviews [app|signin|artists|room|profile]
let usage = "usage: FanAppPreviews [app|signin|artists|room|profile]"
let name = CommandLine.arguments.dropFirst().first ?? "app"

switch name {
case "app":
  await FeatureRunner.main(initialState: FanAppFeature.State(), reducer: FanAppFeature(), view: FanAppView())
case "signin":
  await FeatureRunner.main(initialState: SignInFeature.State(), reducer: SignInFeature(), view: SignInView())
case "artists":
  await FeatureRunner.main(
    initialState: ArtistListFeature.State(), reducer: ArtistListFeature(), view: ArtistListView())
case "room":
  // The preview rooms are the demo artists' as the demo fan (id 4) sees them; room 1 is IU's.
  let iu = ArtistClient.previewArtists.first { $0.username == "iu_official" }
  await FeatureRunner.main(
    initialState: RoomFeature.State(
      artistId: iu?.id ?? 1, artistName: iu?.displayName ?? "IU",
      artistUsername: iu?.username ?? "iu_official",
      myId: 4),
    reducer: RoomFeature(), view: RoomView())
case "profile":
  await FeatureRunner.main(
    initialState: ProfileFeature.State(), reducer: ProfileFeature(), view: ProfileView())
case "-h", "--help":
  print(usage)
default:
  StandardStreams.writeError("FanAppPreviews: unknown feature '\(name)'\n\(usage)\n")
  exit(2)
}
