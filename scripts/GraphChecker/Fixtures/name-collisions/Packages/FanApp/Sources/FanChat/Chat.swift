public let chat = "chat"
