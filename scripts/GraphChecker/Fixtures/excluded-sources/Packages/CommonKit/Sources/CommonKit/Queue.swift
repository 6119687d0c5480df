import Collections

public let queue = Deque([1, 2])
