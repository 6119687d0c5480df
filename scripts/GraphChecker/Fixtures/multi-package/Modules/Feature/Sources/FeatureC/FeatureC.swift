import CoreUtilities

public let c = 1
