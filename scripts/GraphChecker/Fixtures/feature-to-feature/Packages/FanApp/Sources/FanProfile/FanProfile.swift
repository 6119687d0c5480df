/// A fixture type.
public struct FanProfile {}
