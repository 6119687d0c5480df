import CommonDataModels
import Foundation
import Testing

@Suite struct APIErrorTests {
  @Test func message_unreachable_namesTheServer() {
    let error = APIError.unreachable("http://127.0.0.1:8080")
    #expect(
      error.message
        == "The server at http://127.0.0.1:8080 cannot be reached. Check that it is running and try again.")
  }

  @Test func message_rejected_isTheServersSentence() {
    let error = APIError.rejected(
      code: "invalid_username", message: "field 'username': At least 3 characters")
    #expect(error.message == "field 'username': At least 3 characters.")
  }

  @Test func message_unauthorizedWithoutServerText_asksToSignIn() {
    #expect(APIError.unauthorized("").message == "Your session has ended. Sign in again.")
    #expect(APIError.unauthorized("Wrong username or password.").message == "Wrong username or password.")
  }

  @Test func message_unauthorizedWithAPIInstructions_asksToSignInInstead() {
    let error = APIError.unauthorized(
      "Sign in first: send 'authorization: Bearer <token>' with a valid session token.")
    #expect(error.message == "Your session has ended. Sign in again.")
  }

  @Test func message_server_showsStatusAndAdvice() {
    let error = APIError.server(status: 503, message: "database is busy")
    #expect(error.message == "The server failed (status 503): database is busy. Try again later.")
  }

  @Test func message_everyCase_isOneNonEmptySentence() {
    let all: [APIError] = [
      .unreachable("x"), .timeout, .unauthorized(""), .rejected(code: "c", message: ""),
      .server(status: 500, message: "m"), .decoding("field 'a': is missing"), .cancelled,
    ]
    for error in all {
      #expect(!error.message.isEmpty)
      #expect(error.localizedDescription == error.message)
      #expect(!error.message.contains("\n"))
    }
  }

  @Test func init_wrapsKnownErrors() {
    #expect(APIError(APIError.timeout) == .timeout)
    #expect(APIError(CancellationError()) == .cancelled)
    let decoding = WireDecodingError(fieldPath: "token", problem: "is missing")
    #expect(APIError(decoding) == .decoding("field 'token': is missing"))
  }

  @Test func init_unknownError_keepsItsDescription() {
    struct Odd: Error, CustomStringConvertible { var description: String { "odd failure" } }
    #expect(APIError(Odd()) == .server(status: 0, message: "odd failure"))
  }

  @Test func isTransient_onlyForNetworkTimeoutsAnd5xx() {
    #expect(APIError.unreachable("x").isTransient)
    #expect(APIError.timeout.isTransient)
    #expect(APIError.server(status: 502, message: "").isTransient)
    #expect(!APIError.server(status: 0, message: "").isTransient)
    #expect(!APIError.rejected(code: "forbidden", message: "").isTransient)
    #expect(!APIError.unauthorized("").isTransient)
    #expect(!APIError.cancelled.isTransient)
  }
}
