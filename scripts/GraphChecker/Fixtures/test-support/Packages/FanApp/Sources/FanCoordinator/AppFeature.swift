import FanAppTestSupport
import FanChat

/// A fixture type.
public struct AppFeature {}
