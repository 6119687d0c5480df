import ComposableArchitecture
import Foundation

/// Runs one feature alone in the terminal with preview dependencies: the terminal's
/// equivalent of a SwiftUI preview, for a feature package's small preview executable.
///
/// ```swift
/// // Sources/ArtiSignInUsernamePreview/main.swift
/// import ArtiSignInUsername
/// import FrommUI
///
/// await FeatureRunner.main(
///   initialState: SignInUsernameFeature.State(),
///   reducer: SignInUsernameFeature(),
///   view: SignInUsernameView()
/// )
/// ```
///
/// Dependencies that are not overridden resolve to their `previewValue`, so the feature runs
/// on believable data without a backend.
@MainActor
public enum FeatureRunner {
  /// Runs the feature until Ctrl-C or end of input; returns the exit status.
  public static func run<R: Reducer, View: TerminalView>(
    initialState: R.State,
    reducer: R,
    view: View,
    terminal: Terminal? = nil,
    options: RunOptions = RunOptions(),
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async -> Int32 where View.State == R.State, View.Action == R.Action {
    // The context is also set around the whole run, not only on the store: a store applies its
    // dependency values only when something was overridden, and a context alone is not.
    await withDependencies {
      $0.context = .preview
      prepareDependencies(&$0)
    } operation: {
      let store = Store(initialState: initialState) {
        reducer
      } withDependencies: {
        $0.context = .preview
        prepareDependencies(&$0)
      }
      let loop = TerminalLoop(
        store: store, view: view, terminal: terminal ?? .standard(), options: options)
      return await loop.run()
    }
  }

  /// Runs the feature on the standard terminal, then exits the process with its status.
  public static func main<R: Reducer, View: TerminalView>(
    initialState: R.State,
    reducer: R,
    view: View,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async -> Never where View.State == R.State, View.Action == R.Action {
    let status = await run(
      initialState: initialState, reducer: reducer, view: view, withDependencies: prepareDependencies)
    exit(status)
  }
}
