import CommonKit
import CommonText
import Testing

@Test func queue_hasTwo() { #expect(queue.count == 2) }
