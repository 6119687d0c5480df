import CommonKit
import Testing

@Test func text_isText() { #expect(text == "text") }
