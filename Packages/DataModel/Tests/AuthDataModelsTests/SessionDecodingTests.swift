import AuthDataModels
import CommonDataModels
import Foundation
import Testing

@Suite struct SessionDecodingTests {
  @Test func session_validFixture_decodesEveryField() throws {
    let session = try WireJSON.decode(Session.self, from: fixture("session"))
    #expect(session.token.count == 64)
    #expect(session.account == Account(id: 7, username: "iu", role: .artist, displayName: "IU"))
    #expect(WireJSON.formatDate(session.expiresAt) == "2026-12-22T19:00:00.123Z")
  }

  @Test func session_unknownRole_namesNestedField() throws {
    let data = try fixture("session-bad-role")
    #expect(
      throws: WireDecodingError(
        fieldPath: "account.role", problem: "expected one of 'fan', 'artist', got 'admin'")
    ) {
      try WireJSON.decode(Session.self, from: data)
    }
  }

  @Test func session_missingToken_saysTokenIsMissing() throws {
    let data = try fixture("session-missing-token")
    #expect(throws: WireDecodingError(fieldPath: "token", problem: "is missing")) {
      try WireJSON.decode(Session.self, from: data)
    }
  }

  @Test func session_badDate_saysExpectedISO8601() throws {
    let data = try fixture("session-bad-date")
    do {
      _ = try WireJSON.decode(Session.self, from: data)
      Issue.record("decoding a bad date succeeded")
    } catch {
      #expect(error.fieldPath == "expiresAt")
      #expect(error.message.hasPrefix("field 'expiresAt': expected an ISO-8601 date"))
    }
  }

  @Test func session_stringID_isRejected() throws {
    let data = try fixture("session-string-id")
    #expect(throws: WireDecodingError(fieldPath: "account.id", problem: "expected an integer")) {
      try WireJSON.decode(Session.self, from: data)
    }
  }

  @Test func checkAccount_validAndWrongType() throws {
    #expect(
      try WireJSON.decode(CheckAccountResponse.self, from: fixture("check-account"))
        == CheckAccountResponse(username: "iu", exists: true))
    let bad = try fixture("check-account-wrong-type")
    #expect(throws: WireDecodingError(fieldPath: "exists", problem: "expected true or false")) {
      try WireJSON.decode(CheckAccountResponse.self, from: bad)
    }
  }

  @Test func signUpRequest_roundTrips_andOmitsNilDisplayName() throws {
    let request = SignUpRequest(username: "newfan", password: "password1", role: .fan)
    let data = try WireJSON.encode(request)
    #expect(
      String(decoding: data, as: UTF8.self) == #"{"password":"password1","role":"fan","username":"newfan"}"#)
    #expect(try WireJSON.decode(SignUpRequest.self, from: data) == request)
  }
}
