import CoreUtils

public let rules = 1
