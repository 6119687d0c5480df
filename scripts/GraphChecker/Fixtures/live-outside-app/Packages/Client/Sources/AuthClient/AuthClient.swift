/// A fixture type.
public struct AuthClient {}
