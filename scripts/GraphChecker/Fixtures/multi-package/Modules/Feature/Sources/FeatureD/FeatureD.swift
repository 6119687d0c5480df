import CoreNetworking

public let d = 1
