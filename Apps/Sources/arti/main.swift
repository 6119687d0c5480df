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
    Try it: run arti, then type l, iu_official, n, fromm-demo-1 and a broadcast.
    """)

let status = await AppMain.run(
  arti, initialState: ArtiAppFeature.State(isRestoring: true), reducer: ArtiAppFeature(), view: ArtiAppView())
exit(status)
