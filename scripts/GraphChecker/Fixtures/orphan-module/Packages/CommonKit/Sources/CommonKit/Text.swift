/// A fixture type.
public struct Text {}
