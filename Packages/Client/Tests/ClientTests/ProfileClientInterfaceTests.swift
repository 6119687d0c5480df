import CommonDataModels
import ComposableArchitectureTesting
import Dependencies
import ProfileClient
import ProfileDataModels
import Testing

@Suite struct ProfileClientInterfaceTests {
  @Test func testValue_update_reportsTheEndpointAndThrows() async {
    let issues = IssueCollector()
    _ = await withIssueReporter(issues) {
      await #expect(throws: UnimplementedFailure(endpoint: "ProfileClient.update")) {
        try await ProfileClient.testValue.update(UpdateProfileRequest(displayName: "x"))
      }
    }
    #expect(issues.messages == ["Unimplemented: 'ProfileClient.update'"])
  }

  @Test func preview_update_keepsTheChangeAndChecksLengths() async throws {
    let client = ProfileClient.preview(profile: ProfileClient.previewArtist)
    try await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      let updated = try await client.update(UpdateProfileRequest(statusMessage: "On tour"))
      #expect(updated.statusMessage == "On tour" && updated.displayName == "IU")
      #expect(try await client.profile() == updated)
      await #expect(throws: APIError.self) {
        try await client.update(UpdateProfileRequest(displayName: String(repeating: "a", count: 31)))
      }
    }
  }
}
