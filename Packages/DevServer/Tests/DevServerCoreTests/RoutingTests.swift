import CommonDataModels
import Foundation
import Testing

@testable import DevServerCore

@Suite struct RoutingTests {
  @Test func router_answersExactlyTheSharedRouteTable() {
    #expect(BackendCore.routes.map(\.route) == APIRoute.all)
  }

  @Test(arguments: ["/", "/v1", "/v1/nothing", "/v1/artists/1/unknown", "/v2/health"])
  func unknownPath_returns404JSON(path: String) throws {
    let backend = try TestBackend()
    let response = backend.send("GET", path)
    #expect(response.status == 404)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.error?.code == "not_found")
  }

  @Test func wrongMethod_returns405WithAllowHeader() throws {
    let backend = try TestBackend()
    let response = backend.send("DELETE", APIPaths.profile)
    #expect(response.status == 405)
    #expect(response.headers["allow"] == "GET, PATCH")
    #expect(response.error?.code == "method_not_allowed")
    #expect(backend.send("GET", APIPaths.signIn).status == 405)
  }

  @Test func oversizedBody_returns413BeforeAnythingElse() throws {
    let backend = try TestBackend()
    let body = Data(repeating: UInt8(ascii: "a"), count: DevBackend.maxBodyBytes + 1)
    let response = backend.backend.handle(WireRequest(method: "POST", path: APIPaths.signIn, body: body))
    #expect(response.status == 413)
    #expect(response.error?.code == "payload_too_large")
  }

  @Test func invalidUTF8Body_returns400() throws {
    let backend = try TestBackend()
    let response = backend.backend.handle(
      WireRequest(method: "POST", path: APIPaths.signIn, body: Data([0x7B, 0xFF, 0xFE, 0x7D])))
    #expect(response.status == 400)
    #expect(response.error?.code == "malformed_json")
  }

  @Test func asyncHandler_answersLikeHandle() async throws {
    let backend = try TestBackend()
    let response = await backend.backend.handler(WireRequest(method: "GET", path: APIPaths.health))
    #expect(response.status == 200)
  }

  @Test func everyErrorCodeUsedHasItsDocumentedStatus() throws {
    let backend = try TestBackend()
    let responses = [
      backend.send("GET", "/nope"), backend.send("PUT", APIPaths.health),
      backend.send("GET", APIPaths.artists),
      backend.send("POST", APIPaths.signIn, json: "[]"),
    ]
    for response in responses {
      let code = try #require(APIErrorCode(rawValue: response.error?.code ?? ""))
      #expect(code.status == response.status)
    }
  }
}
