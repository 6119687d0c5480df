import ArtistClient
import AuthClient
import ComposableArchitecture
import ComposableArchitectureTesting
import FanCoordinator
import FanCoordinatorView
import FrommUI
import MessageClient
import ProfileClient
import Testing

@MainActor
struct FanAppViewTests {
  /// The whole app through a pipe in plain mode, on the in-memory preview clients.
  @Test func plainScript_signInSubscribeReplyProfileSignOut_printsEachStep() async {
    let store = Store(initialState: FanAppFeature.State()) {
      FanAppFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.authClient = .preview(latency: .zero)
      $0.artistClient = .preview(latency: .zero)
      $0.messageClient = .preview(latency: .zero)
      $0.profileClient = .preview(latency: .zero)
    }
    let (terminal, pipe) = Terminal.inMemory(size: TerminalSize(columns: 80, rows: 24))
    pipe.type(
      """
      x
      demo_fan
      wrong-password
      fromm-demo-1
      9
      1
      /sub 1
      /open taeyeon
      /sub nobody
      2
      Hello from the test!
      /help
      /back
      p
      ?
      e
      Minji
      o
      1

      """)
    pipe.close()

    let status = await TerminalLoop(
      store: store, view: FanAppView(), terminal: terminal,
      options: RunOptions(idleTimeout: .milliseconds(50))
    ).run()

    // The script types refused input on purpose (a wrong password, unknown artists), so it exits 1.
    #expect(status == ExitStatus.refused)
    let output = pipe.output
    for expected in [
      "[!] At least 3 characters.",
      "[!] Wrong username or password.",
      "Signed in as Demo Fan (@demo_fan).",
      "[!] No artist “9” here: use a number from 1 to 3 or a username from the list.",
      "[!] Subscribe to AKMU first: type /sub 1.",
      "[i] Subscribed to AKMU.",
      "[!] Subscribe to TAEYEON first: type /sub 3.",
      "[!] No artist “nobody” here",
      "- IU: Which song should open the encore?",
      "- You: Hello from the test!",
      "  /older         Older messages",
      "  /help          This list",
      "  /help, ?          This list",
      "  o, /signout       Sign out",
      "[i] Saved. Artists now see you as “Minji”.",
      "Sign out?",
      "fromm — Sign in",
    ] {
      #expect(output.contains(expected), "missing: \(expected)")
    }
    // Nothing was kept, so the room neither offers nor lists `/retry`.
    #expect(!output.contains("Send the kept reply again") && !output.contains("/retry         Try again"))
    #expect(store.state.signIn?.step == .username)
    #expect(store.state.destination == nil)
  }
}
