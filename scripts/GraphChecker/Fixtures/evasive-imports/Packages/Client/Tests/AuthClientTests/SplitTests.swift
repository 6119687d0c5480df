// swift-format-ignore-file: the import layout is what the checker is tested on.

import Testing

@testable import CommonKit

let ready = true

@Test func text_isNotEmpty() { #expect(!text.isEmpty) }
