import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@testable import DevServerCore

@Suite struct JSONWriterTests {
  static let awkwardTexts = [
    "", "plain", "quote \" backslash \\ slash /", "lines\nand\ttabs\r\u{8}\u{C}",
    "\u{0}\u{1}\u{1B}\u{1F}\u{7F}",
    "é 日本語 😀 \u{2028}\u{2029}", "</script>",
  ]

  static let dates: [Date] = [
    Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_790_000_000.999_9),
    Date(timeIntervalSince1970: 1_790_000_000.000_4), Date(timeIntervalSince1970: 1.001_5),
    Date(timeIntervalSince1970: 4_102_444_800.5),
  ]

  /// Fails with both encodings side by side when they differ.
  static func expectSameAsWireJSON<T: HandEncodedJSON>(_ value: T) throws {
    let reference = String(decoding: try WireJSON.encode(value), as: UTF8.self)
    let handWritten = String(decoding: value.handWritten, as: UTF8.self)
    #expect(
      handWritten == reference,
      "JSONWriter and WireJSON differ for \(T.self):\n  hand:     \(handWritten)\n  WireJSON: \(reference)\nUpdate \(T.self)'s write(to:) in HandEncodedJSON.swift to match the model."
    )
  }

  static func message(_ index: Int, text: String, date: Date) -> Message {
    Message(
      id: MessageID(Int64(index) * 7_919), artistId: 1, senderId: AccountID(Int64(index)),
      senderUsername: "user_\(index)", senderDisplayName: text, kind: index % 2 == 0 ? .broadcast : .reply,
      text: text, sentAt: date)
  }

  @Test func artistList_handWrittenJSON_isByteForByteWireJSON() throws {
    var artists: [ArtistSummary] = []
    for (index, text) in Self.awkwardTexts.enumerated() {
      artists.append(
        ArtistSummary(
          id: AccountID(Int64(index) - 1), username: "artist_\(index)", displayName: text,
          statusMessage: text,
          subscriberCount: index * 1_000, isSubscribed: index % 2 == 0, unreadCount: index,
          lastBroadcastAt: index % 3 == 0 ? nil : Self.dates[index % Self.dates.count]))
    }
    try Self.expectSameAsWireJSON(ArtistList(artists: artists))
    try Self.expectSameAsWireJSON(ArtistList(artists: []))
    for artist in artists { try Self.expectSameAsWireJSON(artist) }
  }

  @Test func messagePage_handWrittenJSON_isByteForByteWireJSON() throws {
    let messages = Self.awkwardTexts.enumerated().map { index, text in
      Self.message(index, text: text, date: Self.dates[index % Self.dates.count])
    }
    try Self.expectSameAsWireJSON(MessagePage(messages: messages, cursor: messages.last?.id, hasMore: true))
    try Self.expectSameAsWireJSON(MessagePage(messages: [], cursor: nil, hasMore: false))
    try Self.expectSameAsWireJSON(MessagePage(messages: [], cursor: MessageID(Int64.max), hasMore: false))
    for message in messages { try Self.expectSameAsWireJSON(message) }
  }

  @Test func dates_handWritten_matchWireJSONMilliseconds_acrossManyInstants() throws {
    var generator = SystemRandomNumberGenerator()
    var mismatches: [String] = []
    for index in 0..<5_000 {
      let seconds =
        index % 2 == 0
        ? Double.random(in: 1_600_000_000...1_900_000_000, using: &generator)
        : Double(Int64.random(in: 1_600_000_000_000...1_900_000_000_000, using: &generator)) / 1_000
      let date = Date(timeIntervalSince1970: seconds)
      var writer = JSONWriter()
      writer.date(date)
      let handWritten = String(decoding: writer.bytes, as: UTF8.self)
      let reference = "\"\(WireJSON.formatDate(date))\""
      if handWritten != reference { mismatches.append("\(seconds): \(handWritten) vs \(reference)") }
    }
    #expect(mismatches.isEmpty, "dates written differently from WireJSON.formatDate: \(mismatches.prefix(5))")
  }

  @Test func integersAndEscapedRuns_handWritten_matchWireJSON() throws {
    var mismatches: [String] = []
    /// Writes `value` by hand and through WireJSON, noting any difference.
    func compare<Value: Encodable>(_ value: Value, _ write: (inout JSONWriter, Value) -> Void) throws {
      var writer = JSONWriter()
      write(&writer, value)
      let reference = String(decoding: try WireJSON.encode(value), as: UTF8.self)
      let handWritten = String(decoding: writer.bytes, as: UTF8.self)
      if handWritten != reference { mismatches.append("\(value): \(handWritten) vs \(reference)") }
    }
    let integers: [Int64] = [
      0, 1, 9, 10, 99, 100, 7_919, 1_000_000_007, 999_999_999_999_999_999, 1_000_000_000_000_000_000,
      Int64.max, -1, -10, -1_234_567, Int64.min,
    ]
    for value in integers { try compare(value) { $0.integer($1) } }
    // Escapes first, last, side by side and between multi-byte characters: the runs copied whole
    // around them must neither lose nor repeat a byte.
    let texts = ["\"", "\"\"", "\\start", "end\\", "\n\n", "a\"b\\c\nd", "日\"本\u{1}語😀\t", "x\u{1F}"]
    for text in texts { try compare(text) { $0.string($1) } }
    #expect(mismatches.isEmpty, "JSONWriter differs from WireJSON (hand vs WireJSON): \(mismatches)")
  }

  @Test func handEncodingCheck_afterAMismatch_fallsBackToWireJSON() throws {
    /// A model whose hand-written JSON forgets a field, as a model gaining a field would.
    struct Drifted: HandEncodedJSON {
      static let handEncoding = HandEncodingCheck()
      var kept = 1
      var added = "new"
      func write(to writer: inout JSONWriter) {
        writer.object { json in
          json.key("kept", first: true)
          json.integer(Int64(kept))
        }
      }
    }
    let expected = try WireJSON.encode(Drifted())
    #expect(try Drifted.handEncoding.encode(Drifted()) == expected)
    #expect(
      try Drifted.handEncoding.encode(Drifted()) == expected, "the second value used the drifted encoder")
  }

  @Test(arguments: [
    (#"{"text":"hello"}"#, "hello"),
    (" {\n \"text\" : \"日本語 😀\" }\r\n", "日本語 😀"),
    (#"{"text":""}"#, ""),
  ])
  func plainJSONObject_readsTheSimpleShape_likeWireJSON(body: String, text: String) throws {
    let data = Data(body.utf8)
    #expect(PlainJSONObject.onlyString("text", in: data) == text)
    #expect(try WireJSON.decode(SendMessageRequest.self, from: data).text == text)
  }

  @Test(arguments: [
    #"{"text":"line\nbreak"}"#, #"{"text":"\u0041"}"#, #"{"text":"a","extra":1}"#, #"{"text":1}"#,
    #"{"txt":"a"}"#, #"{"text":"a"} x"#, #"{"text":"a""#, "", "[]", "{\"text\":\"tab\there\"}",
    #"{"text":"a","text":"b"}"#,
  ])
  func plainJSONObject_leavesEverythingElseToWireJSON(body: String) {
    #expect(PlainJSONObject.onlyString("text", in: Data(body.utf8)) == nil)
  }

  @Test func plainJSONObject_invalidUTF8_isLeftToWireJSON() {
    let data = Data(#"{"text":""#.utf8) + Data([0xFF, 0xFE]) + Data(#""}"#.utf8)
    #expect(PlainJSONObject.onlyString("text", in: data) == nil)
  }
}
