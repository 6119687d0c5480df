// swift-format-ignore-file
// The import layout below is what the checker is tested on.
import Testing; import AuthClient; import CommonKit

@Test func name_isText() { #expect(name == text) }
