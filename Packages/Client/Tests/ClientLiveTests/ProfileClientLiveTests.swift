import CommonDataModels
import Foundation
import NetworkProvider
import ProfileClient
import ProfileClientLive
import ProfileDataModels
import Testing

let profileJSON = """
  {"createdAt":"2026-11-01T00:00:00Z","displayName":"Demo Fan","id":4,"role":"fan","statusMessage":"hi",\
  "subscriberCount":null,"subscriptionCount":2,"username":"demo_fan"}
  """

@Suite struct ProfileClientLiveTests {
  @Test func profile_getsWithTheBearerAndIsCached() async throws {
    let harness = Harness([json(200, profileJSON)])
    defer { harness.remove() }
    let client = ProfileClient.live(harness.api)
    let profile = try await client.profile()
    #expect(profile.subscriptionCount == 2 && profile.subscriberCount == nil)
    #expect(try await client.profile() == profile)
    #expect(harness.transport.requests == [WireRequest(method: "GET", path: "/v1/profile", headers: bearer)])
  }

  @Test func update_patchesOnlyTheGivenFieldsAndRefreshesTheCache() async throws {
    let updated = profileJSON.replacingOccurrences(
      of: #""statusMessage":"hi""#, with: #""statusMessage":"On tour""#)
    let harness = Harness([json(200, profileJSON), json(200, updated), json(200, updated)])
    defer { harness.remove() }
    let client = ProfileClient.live(harness.api)
    _ = try await client.profile()
    let result = try await client.update(UpdateProfileRequest(statusMessage: "On tour"))
    #expect(result.statusMessage == "On tour")
    let patch = harness.transport.requests.dropFirst().first
    #expect(patch?.method == "PATCH" && patch?.path == "/v1/profile")
    #expect(patch?.headers == bearer.merging(jsonBody) { $1 })
    #expect(body(patch) == #"{"statusMessage":"On tour"}"#)
    #expect(try await client.profile().statusMessage == "On tour")
    #expect(harness.transport.requests.count == 3)
  }

  @Test func update_invalidName_throwsRejectedWithTheFieldMessage() async throws {
    let message = "field 'displayName': 1 to 30 characters."
    let harness = Harness([json(400, #"{"code":"invalid_profile","message":"\#(message)"}"#)])
    defer { harness.remove() }
    await #expect(throws: APIError.rejected(code: "invalid_profile", message: message)) {
      try await ProfileClient.live(harness.api).update(UpdateProfileRequest(displayName: ""))
    }
  }
}
