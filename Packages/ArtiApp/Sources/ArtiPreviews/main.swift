import ArtiCoordinator
import ArtiCoordinatorView
import ArtiFans
import ArtiFansView
import ArtiProfile
import ArtiProfileView
import ArtiRoomView
import ArtiSignInPassword
import ArtiSignInPasswordView
import ArtiSignInUsername
import ArtiSignInUsernameView
import AuthClient
import CommonKit
import ComposableArchitecture
import Foundation
import FrommUI
import MessageClient
import MessageRoom
import ProfileClient

/// IU's room and profile: the preview clients default to the demo fan's point of view.
let asIU: (inout DependencyValues) -> Void = {
  $0.messageClient = .preview(sender: .iu)
  $0.profileClient = .preview(profile: ProfileClient.previewArtist)
}

// Runs one arti feature (or the whole app) alone in the terminal with preview dependencies:
// believable in-memory data, no backend. `ArtiPreviews --help` lists the features.

let usage = """
  Usage: ArtiPreviews [FEATURE]

  Runs one arti feature alone with preview data (no server). FEATURE is one of:
    app        the whole app: intro, sign-in, room, fans and profile (the default)
    username   the username screen (try iu_official, taeyeon, akmu)
    password   the password screen for iu_official (the password is \(AuthClient.previewPassword))
    room       IU's room: type a line to broadcast, /reload to read it again
    fans       IU's fans: a number opens that fan's replies, b goes back
    profile    IU's profile: e to edit, o to sign out

  Example: swift run --package-path Packages/ArtiApp ArtiPreviews room

  """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count > 1 {
  StandardStreams.writeError(
    "ArtiPreviews: expected at most one feature, got \(arguments.count).\n\n\(usage)")
  exit(2)
}

switch arguments.first ?? "app" {
case "-h", "--help", "help":
  StandardStreams.writeOutput(usage)
case "app":
  await FeatureRunner.main(
    initialState: ArtiAppFeature.State(isRestoring: true), reducer: ArtiAppFeature(), view: ArtiAppView(),
    withDependencies: asIU)
case "username":
  await FeatureRunner.main(
    initialState: SignInUsernameFeature.State(), reducer: SignInUsernameFeature(),
    view: SignInUsernameView())
case "password":
  await FeatureRunner.main(
    initialState: SignInPasswordFeature.State(username: "iu_official"), reducer: SignInPasswordFeature(),
    view: SignInPasswordView())
case "room":
  await FeatureRunner.main(
    initialState: Room.State(artistId: MessageClient.PreviewSender.iu.id, outbox: Outbox(kind: .broadcast)),
    reducer: Room(),
    view: RoomView(), withDependencies: asIU)
case "fans":
  await FeatureRunner.main(
    initialState: FansFeature.State(artistId: MessageClient.PreviewSender.iu.id), reducer: FansFeature(),
    view: FansView(), withDependencies: asIU)
case "profile":
  await FeatureRunner.main(
    initialState: ProfileFeature.State(), reducer: ProfileFeature(), view: ProfileView(),
    withDependencies: asIU)
case let other:
  StandardStreams.writeError("ArtiPreviews: there is no feature called '\(other)'.\n\n\(usage)")
  exit(2)
}
