// swift-format-ignore-file: the import layout is what the checker is tested on.

import AuthClient
import CommonKit
import Testing

@Test func name_isText() { #expect(name == text) }
