import ArtistClient
import CommonKit
import ComposableArchitecture
import FanArtistList
import FanArtistListView
import FanChat
import FanChatView
import FanCoordinator
import FanCoordinatorView
import FanProfile
import FanProfileView
import FanSignIn
import FanSignInView
import Foundation
import FrommUI

// Runs one fan feature alone, or the whole app, on preview dependencies (no backend):
//   swift run --package-path Packages/FanApp FanAppPreviews [app|signin|artists|chat|profile]
let usage = "usage: FanAppPreviews [app|signin|artists|chat|profile]"
let arguments = Array(CommandLine.arguments.dropFirst())
let name = arguments.first ?? "app"

switch name {
case "app":
  await FeatureRunner.main(initialState: FanAppFeature.State(), reducer: FanAppFeature(), view: FanAppView())
case "signin":
  await FeatureRunner.main(initialState: SignInFeature.State(), reducer: SignInFeature(), view: SignInView())
case "artists":
  await FeatureRunner.main(
    initialState: ArtistListFeature.State(), reducer: ArtistListFeature(), view: ArtistListView())
case "chat":
  // The preview rooms are the demo artists' as the demo fan (id 4) sees them; room 1 is IU's.
  let iu = ArtistClient.previewArtists.first { $0.username == "iu_official" }
  await FeatureRunner.main(
    initialState: ChatFeature.State(
      artistId: iu?.id ?? 1, artistName: iu?.displayName ?? "IU",
      artistUsername: iu?.username ?? "iu_official",
      myId: 4),
    reducer: ChatFeature(), view: ChatView())
case "profile":
  await FeatureRunner.main(
    initialState: ProfileFeature.State(), reducer: ProfileFeature(), view: ProfileView())
case "-h", "--help":
  print(usage)
default:
  StandardStreams.writeError("FanAppPreviews: unknown feature '\(name)'\n\(usage)\n")
  exit(2)
}
