import CommonDataModels
import Foundation
import Testing

@Suite struct WireJSONTests {
  @Test func decode_validErrorBody_returnsCodeAndMessage() throws {
    let body = try WireJSON.decode(APIErrorBody.self, from: fixture("error-body"))
    #expect(body.code == "invalid_username")
    #expect(body.message == "field 'username': At least 3 characters.")
  }

  @Test func decode_missingField_namesTheField() throws {
    let data = try fixture("error-body-missing-message")
    #expect(throws: WireDecodingError(fieldPath: "message", problem: "is missing")) {
      try WireJSON.decode(APIErrorBody.self, from: data)
    }
  }

  @Test func decode_wrongType_namesFieldAndExpectedType() throws {
    let data = try fixture("error-body-wrong-type")
    #expect(throws: WireDecodingError(fieldPath: "code", problem: "expected a string")) {
      try WireJSON.decode(APIErrorBody.self, from: data)
    }
  }

  @Test func decode_truncatedJSON_reportsBodyNotJSON() throws {
    let data = try fixture("truncated")
    do {
      _ = try WireJSON.decode(APIErrorBody.self, from: data)
      Issue.record("decoding truncated JSON succeeded")
    } catch {
      #expect(error.message == "body: not valid JSON")
    }
  }

  @Test func dates_roundTrip_withMillisecondPrecision() throws {
    let date = Date(timeIntervalSince1970: 1_790_000_000.25)
    let text = WireJSON.formatDate(date)
    #expect(text == "2026-09-21T14:13:20.250Z")
    let parsed = try #require(WireJSON.parseDate(text))
    #expect(abs(parsed.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001)
  }

  @Test func parseDate_wholeSeconds_isAccepted_andGarbageIsNot() {
    #expect(WireJSON.parseDate("2026-01-31T09:30:00Z") != nil)
    #expect(WireJSON.parseDate("31/01/2026") == nil)
    #expect(WireJSON.parseDate("") == nil)
  }

  @Test func encode_sortsKeys() throws {
    let data = try WireJSON.encode(APIErrorBody(code: "c", message: "m"))
    #expect(String(decoding: data, as: UTF8.self) == #"{"code":"c","message":"m"}"#)
  }

  @Test func ids_encodeAsPlainIntegers() throws {
    let data = try WireJSON.encode([AccountID(7)])
    #expect(String(decoding: data, as: UTF8.self) == "[7]")
    #expect(try WireJSON.decode([MessageID].self, from: Data("[12]".utf8)) == [12])
  }

  @Test func role_unknownValue_listsAllowedValues() {
    #expect(
      throws: WireDecodingError(fieldPath: "[0]", problem: "expected one of 'fan', 'artist', got 'admin'")
    ) {
      try WireJSON.decode([AccountRole].self, from: Data(#"["admin"]"#.utf8))
    }
  }

  @Test func errorCodes_haveTheDocumentedStatuses() {
    #expect(APIErrorCode.malformedJSON.status == 400)
    #expect(APIErrorCode.invalidCredentials.status == 401)
    #expect(APIErrorCode.forbidden.status == 403)
    #expect(APIErrorCode.methodNotAllowed.status == 405)
    #expect(APIErrorCode.usernameTaken.status == 409)
    #expect(APIErrorCode.payloadTooLarge.status == 413)
  }

  @Test func paths_includeTheArtistID() {
    #expect(APIPaths.messages(artistID: 3) == "/v1/rooms/3/messages")
    #expect(APIPaths.subscription(artistID: 12) == "/v1/artists/12/subscription")
    #expect(APIHeaders.bearer("abc") == "Bearer abc")
  }
}
