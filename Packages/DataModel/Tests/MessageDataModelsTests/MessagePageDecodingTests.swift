import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@Suite struct MessagePageDecodingTests {
  @Test func page_validFixture_decodesInOrder() throws {
    let page = try WireJSON.decode(MessagePage.self, from: fixture("page"))
    #expect(page.messages.map(\.id) == [10, 11, 12])
    #expect(page.messages.map(\.kind) == [.broadcast, .reply, .broadcast])
    #expect(page.cursor == 12)
    #expect(page.hasMore == false)
    #expect(WireJSON.formatDate(page.messages[1].sentAt) == "2026-11-20T10:01:00.500Z")
  }

  @Test func page_badDateInThirdMessage_namesMessages2SentAt() throws {
    let data = try fixture("page-bad-date")
    do {
      _ = try WireJSON.decode(MessagePage.self, from: data)
      Issue.record("decoding a bad date succeeded")
    } catch {
      #expect(error.fieldPath == "messages[2].sentAt")
      #expect(error.message.hasPrefix("field 'messages[2].sentAt': expected an ISO-8601 date"))
    }
  }

  @Test func page_unknownKind_listsAllowedKinds() throws {
    let data = try fixture("page-bad-kind")
    #expect(
      throws: WireDecodingError(
        fieldPath: "messages[0].kind", problem: "expected one of 'broadcast', 'reply', got 'whisper'")
    ) {
      try WireJSON.decode(MessagePage.self, from: data)
    }
  }

  @Test func page_emptyWithNullCursor_decodes() throws {
    let page = try WireJSON.decode(MessagePage.self, from: fixture("page-empty"))
    #expect(page.messages.isEmpty)
    #expect(page.cursor == nil)
  }

  @Test func page_missingHasMore_isRejected() throws {
    let data = try fixture("page-missing-hasmore")
    #expect(throws: WireDecodingError(fieldPath: "hasMore", problem: "is missing")) {
      try WireJSON.decode(MessagePage.self, from: data)
    }
  }

  @Test func page_invalidUTF8_reportsBodyNotJSON() throws {
    let data = try fixture("page-invalid-utf8")
    do {
      _ = try WireJSON.decode(MessagePage.self, from: data)
      Issue.record("decoding invalid UTF-8 succeeded")
    } catch {
      #expect(error.fieldPath == "")
    }
  }

  @Test func message_roundTrips() throws {
    let message = Message(
      id: 3, artistId: 1, senderId: 5, senderUsername: "demo_fan", senderDisplayName: "Demo",
      kind: .reply, text: "안녕하세요 👋", sentAt: Date(timeIntervalSince1970: 1_790_000_000.5))
    #expect(try WireJSON.decode(Message.self, from: WireJSON.encode(message)) == message)
  }
}
