import AppSupport
import FanCoordinator
import FanCoordinatorView
import FanSignIn
import Foundation

// The fan's app: set up, run, shut down. Everything else lives in AppSupport and FanApp.
let fan = AppDescription(
  name: "fan",
  summary: "fromm for fans: subscribe to artists, read what they send and reply privately.",
  sessionFolderName: "fan-sessions",
  helpFooter: """
    Demo fan (seeded in every new data folder): demo_fan / fromm-demo-1
    Try it: run fan, type demo_fan, fromm-demo-1, then a number to open a room and a reply.
    New here? Type /signup to create a fan account.
    """)

let status = await AppMain.run(
  fan, initialState: { FanAppFeature.State(signIn: SignInFeature.State(username: $0 ?? "")) },
  reducer: FanAppFeature(), view: FanAppView())
exit(status)
