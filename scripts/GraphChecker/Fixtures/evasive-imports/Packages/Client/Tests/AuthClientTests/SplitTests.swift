// swift-format-ignore-file
// The import layout below is what the checker is tested on.
import Testing

let ready = true; @testable
import
  CommonKit

@Test func text_isNotEmpty() { #expect(!text.isEmpty) }
