import CommonDataModels
import Foundation
import ProfileDataModels
import Testing

@testable import DevServerCore

@Suite struct ProfileEndpointTests {
  @Test func profile_artist_hasSubscriberCount() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let profile = try backend.send("GET", APIPaths.profile, token: artist.token).decoded(Profile.self)
    #expect(profile.username == "iu_official")
    #expect(profile.role == .artist)
    #expect(profile.subscriberCount == 2)
    #expect(profile.subscriptionCount == nil)
  }

  @Test func profile_fan_hasSubscriptionCount() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let profile = try backend.send("GET", APIPaths.profile, token: fan.token).decoded(Profile.self)
    #expect(profile.subscriptionCount == 2)
    #expect(profile.subscriberCount == nil)
    #expect(profile.statusMessage == "Uaena since 2008")
  }

  @Test func profile_withoutToken_returns401() throws {
    let backend = try TestBackend()
    #expect(backend.send("GET", APIPaths.profile).status == 401)
    #expect(backend.send("PATCH", APIPaths.profile, json: "{}").status == 401)
  }

  @Test func updateProfile_changesOnlyTheGivenFields() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let renamed = try backend.send(
      "PATCH", APIPaths.profile, token: artist.token, body: UpdateProfileRequest(displayName: "아이유"))
    #expect(renamed.status == 200)
    #expect(try renamed.decoded(Profile.self).displayName == "아이유")
    #expect(try renamed.decoded(Profile.self).statusMessage == "The Winning tour is on!")
    let cleared = try backend.send(
      "PATCH", APIPaths.profile, token: artist.token, body: UpdateProfileRequest(statusMessage: ""))
    #expect(try cleared.decoded(Profile.self).statusMessage == "")
    #expect(try cleared.decoded(Profile.self).displayName == "아이유")
    let session = try backend.send("GET", APIPaths.session, token: artist.token).decoded(SessionProbe.self)
    #expect(session.account.displayName == "아이유")
  }

  @Test(arguments: [
    (#"{"displayName":"  "}"#, "field 'displayName': This cannot be empty."),
    (
      #"{"displayName":"\#(String(repeating: "n", count: 31))"}"#,
      "field 'displayName': At most 30 characters."
    ),
    (
      #"{"statusMessage":"\#(String(repeating: "s", count: 101))"}"#,
      "field 'statusMessage': At most 100 characters."
    ),
  ])
  func updateProfile_invalidField_returns400InvalidProfile(json: String, message: String) throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let response = backend.send("PATCH", APIPaths.profile, token: fan.token, json: json)
    #expect(response.status == 400)
    #expect(response.error == APIErrorBody(code: "invalid_profile", message: message))
  }

  @Test func updateProfile_wrongType_returns400NamingField() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let response = backend.send("PATCH", APIPaths.profile, token: fan.token, json: #"{"statusMessage":42}"#)
    #expect(response.status == 400)
    #expect(response.error?.message == "field 'statusMessage': expected a string")
  }
}

private struct SessionProbe: Decodable {
  struct Account: Decodable { var displayName: String }
  var account: Account
}
