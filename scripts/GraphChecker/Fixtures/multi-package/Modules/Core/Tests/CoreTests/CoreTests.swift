import CoreTestSupport
import CoreUtils
import Testing

public let sharedExpectation = 1

@Test func core() {}
