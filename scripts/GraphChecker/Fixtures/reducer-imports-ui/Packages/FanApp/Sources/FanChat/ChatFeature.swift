import FrommUI

/// A fixture reducer that words its own state for the terminal: what the layer rule forbids.
public struct ChatFeature {
  let screen = Screen()
}
