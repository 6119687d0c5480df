import FanProfile

/// A fixture type.
public struct FanChat {}
