import Sodium

public struct CryptoClient {}
