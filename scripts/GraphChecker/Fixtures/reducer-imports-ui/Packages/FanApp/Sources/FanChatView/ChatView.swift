import FanChat
import FrommUI

/// A fixture view: shows the feature with the terminal kit, as the layer rule allows.
public struct ChatView {
  let feature = ChatFeature()
  let screen = Screen()
}
