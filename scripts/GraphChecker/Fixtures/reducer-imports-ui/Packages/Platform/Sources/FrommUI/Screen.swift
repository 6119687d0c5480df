/// A fixture type.
public struct Screen {}
