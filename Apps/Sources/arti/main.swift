import AppSupport
import ArtiCoordinator
import ArtiCoordinatorView
import Foundation

// The artist's app: set up, run, shut down. Everything else lives in AppSupport and ArtiApp.
let arti = AppDescription(
  name: "arti",
  summary: "fromm for artists: broadcast to every subscriber and read their replies.",
  sessionFolderName: "arti-sessions",
  helpFooter: """
    Demo artist (seeded in every new data folder): iu_official / fromm-demo-1
    (taeyeon and akmu have the same password.)
    Try it: run arti, press l, then type iu_official, fromm-demo-1 and a broadcast.
    New here? Type /signup to create an artist account.
    """)

let status = await AppMain.run(
  arti, initialState: { ArtiAppFeature.State(isRestoring: true, user: $0) }, reducer: ArtiAppFeature(),
  view: ArtiAppView())
exit(status)
