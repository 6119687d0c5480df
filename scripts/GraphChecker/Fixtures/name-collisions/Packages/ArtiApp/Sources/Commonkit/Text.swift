public let lowerText = "text"
