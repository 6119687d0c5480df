public let c = 1
