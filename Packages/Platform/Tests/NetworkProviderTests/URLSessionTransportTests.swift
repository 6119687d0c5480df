import CommonDataModels
import Foundation
import NetworkProvider
import Testing

@Suite struct URLSessionTransportTests {
  @Test func url_joinsBasePathAndSortedQuery() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8080/"))
    let transport = URLSessionTransport(baseURL: base)
    let url = transport.url(
      for: WireRequest(method: "GET", path: "/v1/rooms/3/messages", query: ["limit": "50", "after": "12"]))
    #expect(url?.absoluteString == "http://127.0.0.1:8080/v1/rooms/3/messages?after=12&limit=50")
  }

  @Test func send_connectionRefused_throwsUnreachableNamingTheServerNotTheRequest() async throws {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    let base = try #require(URL(string: "http://127.0.0.1:1"))
    let transport = URLSessionTransport(baseURL: base)
    await #expect(throws: APIError.unreachable("http://127.0.0.1:1")) {
      try await transport.send(
        WireRequest(method: "GET", path: "/v1/rooms/2/messages", query: ["after": "11", "limit": "100"]))
    }
  }
}
