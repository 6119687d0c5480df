public let d = 1
