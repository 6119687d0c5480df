import FrommUI

/// The Probe screen in the terminal: `+` and `-` change the count; `/reset` resets it and
/// `b` (or `/back`, Escape, from `KeyMap`) goes back.
public struct ProbeView: TerminalView {
  /// Creates the view.
  public init() {}

  static let commands = [
    MenuCommand("+", "Add one"), MenuCommand("-", "Take one"), MenuCommand("/reset", "Reset"),
    KeyMap.back.menuCommand(),
  ]

  /// The screen for `state`.
  public func render(_ state: ProbeFeature.State) -> Screen {
    Screen {
      Component.header("Probe")
      Component.text("Count: \(state.count)")
      if state.isResetting { Component.progress("Resetting") }
      Component.menu(Self.commands)
    }
  }

  /// The action that `input` means on the screen.
  public func action(for input: InputEvent, in state: ProbeFeature.State) -> ProbeFeature.Action? {
    if KeyMap.back.matches(input) { return .view(.backTapped) }
    return switch input {
    case .command("reset", _): .view(.resetTapped)
    case .line("+"): .view(.incrementTapped)
    case .line("-"): .view(.decrementTapped)
    default: nil
    }
  }
}
