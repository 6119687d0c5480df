import AuthClient
import CommonKit

/// A fixture type.
public struct FanChat {
  let note = "import ArtiRoom (a string, not an import)"
}
