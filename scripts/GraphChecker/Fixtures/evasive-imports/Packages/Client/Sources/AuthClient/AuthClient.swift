import CommonKit

public let name = text
