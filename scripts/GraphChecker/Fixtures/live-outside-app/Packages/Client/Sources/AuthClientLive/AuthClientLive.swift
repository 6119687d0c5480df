import AuthClient

/// A fixture type.
public struct AuthClientLive {}
