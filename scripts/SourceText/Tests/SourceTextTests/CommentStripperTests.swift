import SourceText
import Testing

@Test func strip_multiByteCharacters_keepEveryScalarAtItsOffset() {
  let source = "let é = \"🎵x\" // ü\nlet b = 1\n"
  let stripped = CommentStripper.strip(source)
  #expect(stripped.unicodeScalars.count == source.unicodeScalars.count)
  // `"🎵x"` and `// ü` are 4 scalars each, with a space between them.
  #expect(stripped == "let é = " + String(repeating: " ", count: 9) + "\nlet b = 1\n")
}

@Test func strip_nestedBlockCommentAndRawString_blanksThemAndKeepsTheLines() {
  let source = "a /* b /* c */ d */ e\nlet s = #\"x\"y\"# + \"\"\"\n z\n \"\"\"\nf"
  #expect(
    CommentStripper.strip(source)
      == "a                   e\nlet s =         +    \n  \n    \nf")
}

@Test func blank_utf8Bytes_blanksTheSameCodeAsScalars() {
  let source = "let é = \"ü\" // 🎵\nf()"
  let bytes = CommentStripper.blank(Array(source.utf8))
  #expect(String(decoding: bytes, as: UTF8.self) == "let é =" + String(repeating: " ", count: 13) + "\nf()")
}
