import CommonDataModels
import Foundation
import ProfileDataModels
import Testing

@Suite struct ProfileDecodingTests {
  @Test func profile_artist_hasSubscriberCountAndNoSubscriptionCount() throws {
    let profile = try WireJSON.decode(Profile.self, from: fixture("profile-artist"))
    #expect(profile.role == .artist)
    #expect(profile.subscriberCount == 2)
    #expect(profile.subscriptionCount == nil)
  }

  @Test func profile_fan_hasSubscriptionCount() throws {
    let profile = try WireJSON.decode(Profile.self, from: fixture("profile-fan"))
    #expect(profile.role == .fan)
    #expect(profile.subscriberCount == nil)
    #expect(profile.subscriptionCount == 1)
  }

  @Test func profile_nullDisplayName_isRejectedWithFieldName() throws {
    let data = try fixture("profile-null-name")
    #expect(throws: WireDecodingError(fieldPath: "displayName", problem: "expected a string, found null")) {
      try WireJSON.decode(Profile.self, from: data)
    }
  }

  @Test func updateRequest_onlyStatus_leavesDisplayNameNil() throws {
    let request = try WireJSON.decode(UpdateProfileRequest.self, from: fixture("update-status-only"))
    #expect(request == UpdateProfileRequest(displayName: nil, statusMessage: "On tour"))
    #expect(String(decoding: try WireJSON.encode(request), as: UTF8.self) == #"{"statusMessage":"On tour"}"#)
  }
}
