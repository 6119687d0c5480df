public let bio = "bio"
