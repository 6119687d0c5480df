// import FanChat (a comment, not an import)
import CommonKit

/// A fixture type.
public struct AuthClient {}
