/// A fixture type.
public struct ArtiRoom {}
