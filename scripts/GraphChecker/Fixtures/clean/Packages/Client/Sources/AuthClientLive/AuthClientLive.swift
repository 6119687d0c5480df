import struct AuthClient.AuthClient

/// A fixture type.
public struct AuthClientLive {}
