@_exported import FanChat

/// A fixture type.
public struct FanCoordinator {}
