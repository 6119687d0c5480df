public let text = "text"
