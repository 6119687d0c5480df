import CommonKit
import ComposableArchitecture
import Foundation
import FrommUI

/// Runs an app from its command line to its exit status: parse the options, start the backend,
/// wire the live clients, run the root feature in the terminal, shut down.
///
/// An app's `main.swift` is then only:
///
/// ```swift
/// let status = await AppMain.run(arti, initialState: { ArtiAppFeature.State(isRestoring: true, user: $0) },
///                                 reducer: ArtiAppFeature(), view: ArtiAppView())
/// exit(status)
/// ```
///
/// Exit status: 0 after a normal run, `--help` or `--version`; 2 for a command line it cannot
/// use; 1 when the app cannot start (unusable data folder, unreachable server). Messages about
/// the command line and startup go to standard error, prefixed with the app's name.
@MainActor
public enum AppMain {
  /// Runs `reducer` through `view` with live dependencies from `initialState`, the state for the
  /// account `--user` names (`nil` when none), which the app asks for when it has no session
  /// saved; returns the exit status.
  public static func run<R: Reducer, View: TerminalView>(
    _ app: AppDescription,
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    environment: [String: String] = ProcessInfo.processInfo.environment,
    initialState: (_ user: String?) -> R.State,
    reducer: R,
    view: View
  ) async -> Int32 where View.State == R.State, View.Action == R.Action {
    let command: AppCommand
    do {
      command = try AppOptions.parse(arguments, environment: environment)
    } catch {
      StandardStreams.writeError("\(app.name): \(error.message)\nRun '\(app.name) --help' for the options.\n")
      return 2
    }
    switch command {
    case .help:
      let folder = (try? AppOptions.defaultDataDirectory(environment: environment))?.path ?? "HOME is not set"
      StandardStreams.writeOutput(app.usage(defaultDataDirectory: folder))
      return 0
    case .version:
      StandardStreams.writeOutput("\(app.name) \(app.version)\n")
      return 0
    case .run(let options):
      let live: AppEnvironment
      do {
        // A person is at a terminal when input and output both are one, as `Terminal.standard()` decides.
        live = try await AppEnvironment.start(
          options, app: app, interactive: !options.plain && isatty(0) == 1 && isatty(1) == 1)
      } catch {
        StandardStreams.writeError("\(app.name): \(error.message)\n")
        return 1
      }
      var terminal = Terminal.standard()
      if options.plain { terminal.isTTY = false }
      var runOptions = RunOptions()
      // News in a room not on screen rings and shows in the title, unless asked not to.
      runOptions.attention = options.quiet ? nil : app.name
      // On a terminal the full screen would hide it: shown in its status line instead.
      if terminal.isFullScreen {
        runOptions.notice = live.sessionNotice
      } else if let notice = live.sessionNotice {
        StandardStreams.writeError(notice + "\n")
      }
      let store = Store(initialState: initialState(options.user)) {
        reducer
      } withDependencies: {
        live.installLiveClients(into: &$0)
      }
      return await TerminalLoop(store: store, view: view, terminal: terminal, options: runOptions).run()
    }
  }
}
