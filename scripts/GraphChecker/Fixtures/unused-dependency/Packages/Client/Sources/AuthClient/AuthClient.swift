import Foundation

/// A fixture type.
public struct AuthClient {}
