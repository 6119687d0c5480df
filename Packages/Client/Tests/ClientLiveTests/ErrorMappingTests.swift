import ArtistClient
import ArtistClientLive
import AuthClient
import AuthClientLive
import AuthDataModels
import CommonDataModels
import Foundation
import MessageClient
import MessageClientLive
import NetworkProvider
import ProfileClient
import ProfileClientLive
import ProfileDataModels
import Testing

/// Every endpoint of every Live client, called once.
let endpoints: [(name: String, call: @Sendable (APIClient) async throws -> Void)] = [
  ("AuthClient.checkExistAccount", { _ = try await AuthClient.live($0).checkExistAccount("akmu") }),
  (
    "AuthClient.signUp",
    {
      _ = try await AuthClient.live($0).signUp(
        SignUpRequest(username: "abc", password: "12345678", role: .fan))
    }
  ),
  ("AuthClient.signIn", { _ = try await AuthClient.live($0).signIn("akmu", "12345678") }),
  ("AuthClient.restoreSession", { _ = try await AuthClient.live($0).restoreSession() }),
  ("ArtistClient.artists", { _ = try await ArtistClient.live($0).artists() }),
  ("ArtistClient.subscribe", { _ = try await ArtistClient.live($0).subscribe(1) }),
  ("ArtistClient.unsubscribe", { _ = try await ArtistClient.live($0).unsubscribe(1) }),
  ("MessageClient.messages", { _ = try await MessageClient.live($0).messages(1, nil) }),
  ("MessageClient.send", { _ = try await MessageClient.live($0).send(1, "hi", UUID()) }),
  ("ProfileClient.profile", { _ = try await ProfileClient.live($0).profile() }),
  (
    "ProfileClient.update",
    { _ = try await ProfileClient.live($0).update(UpdateProfileRequest(statusMessage: "x")) }
  ),
]

/// Each failure the transport or server can produce, and the error every endpoint must throw.
let failures: [(step: RecordingTransport.Step, expected: APIError)] = [
  (.fail(.unreachable("http://127.0.0.1:9")), .unreachable("http://127.0.0.1:9")),
  (.fail(.timeout), .timeout),
  (.fail(.cancelled), .cancelled),
  (
    json(400, #"{"code":"invalid_parameter","message":"Bad id."}"#),
    .rejected(code: "invalid_parameter", message: "Bad id.")
  ),
  (
    json(403, #"{"code":"forbidden","message":"Not yours."}"#),
    .rejected(code: "forbidden", message: "Not yours.")
  ),
  (
    json(404, #"{"code":"not_found","message":"No such artist."}"#),
    .rejected(code: "not_found", message: "No such artist.")
  ),
  (
    json(500, #"{"code":"internal_error","message":"Database down."}"#),
    .server(status: 500, message: "Database down.")
  ),
  (json(200, #"{"unexpected":true}"#), .decoding("")),
]

@Suite struct ErrorMappingTests {
  @Test(arguments: endpoints.indices)
  func everyEndpoint_everyFailure_throwsTheMatchingAPIError(index: Int) async throws {
    let endpoint = endpoints[index]
    for failure in failures {
      let harness = Harness([failure.step])
      defer { harness.remove() }
      do {
        try await endpoint.call(harness.api)
        Issue.record("\(endpoint.name) succeeded after \(failure.step)")
      } catch let error as APIError {
        if case .decoding = failure.expected {
          guard case .decoding(let path) = error, path.hasPrefix("field '") else {
            Issue.record("\(endpoint.name): expected a decoding error naming a field, got \(error)")
            continue
          }
        } else {
          #expect(error == failure.expected, "\(endpoint.name)")
        }
      } catch {
        Issue.record("\(endpoint.name) threw a non-APIError: \(error)")
      }
    }
  }

  @Test(arguments: endpoints.indices.filter { endpoints[$0].name != "AuthClient.restoreSession" })
  func everyEndpoint_401_throwsUnauthorized(index: Int) async throws {
    let harness = Harness([json(401, #"{"code":"unauthorized","message":"Sign in again."}"#)])
    defer { harness.remove() }
    await #expect(throws: APIError.unauthorized("Sign in again."), "\(endpoints[index].name)") {
      try await endpoints[index].call(harness.api)
    }
  }
}
