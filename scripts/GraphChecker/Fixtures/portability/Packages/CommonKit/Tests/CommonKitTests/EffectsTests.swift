import Testing

@testable import CommonKit

@Test func guarded_runs() { guarded() }
