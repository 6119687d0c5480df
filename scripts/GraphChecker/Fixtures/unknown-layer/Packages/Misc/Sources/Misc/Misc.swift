/// A fixture type.
public struct Misc {}
