import CryptoClient
import LinuxSupport

public struct ServerConfig {}
