import Foundation

extension Reducer {
  /// Prints every action this reducer receives and the state diff it caused, using the same
  /// diff as ``TestStore`` failures (`−` before, `+` after).
  ///
  /// ```swift
  /// Store(initialState: AppFeature.State()) { AppFeature()._printChanges() }
  /// ```
  ///
  /// ```
  /// received action:
  ///   AppFeature.Action.usernameChanged("iu")
  ///   AppFeature.State(
  /// −   username: ""
  /// +   username: "iu"
  ///   )
  /// ```
  ///
  /// Meant for debugging: leave it out of shipped code. Output goes to standard error unless
  /// `printer` says otherwise, so it never mixes with a terminal app's screen on standard output.
  public func _printChanges(_ printer: ChangePrinter = .standardError) -> PrintChangesReducer<Self> {
    PrintChangesReducer(runBase: ReduceFunction(self), printer: printer)
  }
}

/// Where `Reducer._printChanges(_:)` writes.
public struct ChangePrinter: Sendable {
  let write: @Sendable (String) -> Void

  /// Writes each report with `write`, e.g. into a test's buffer.
  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Standard error.
  public static let standardError = ChangePrinter {
    FileHandle.standardError.write(Data(($0 + "\n").utf8))
  }
}

/// The reducer made by `Reducer._printChanges(_:)`.
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  let runBase: ReduceFunction<Base.State, Base.Action>
  let printer: ChangePrinter

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = runBase(&state, action)
    let action = debugDump(action).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    let change = debugDiff(before, state) ?? "  (No state changes)"
    printer.write("received action:\n\(action)\n\(change)")
    return effect
  }
}
