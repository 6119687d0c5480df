import AuthDataModels
import CommonDataModels
import Foundation
import ProfileDataModels
import Testing

@testable import DevServerCore

@Suite struct InputRulesTests {
  func rename(_ backend: TestBackend, _ username: String, to name: String) throws -> WireResponse {
    let token = try backend.signIn(username).token
    return backend.send(
      "PATCH", APIPaths.profile, token: token,
      json: String(decoding: try WireJSON.encode(["displayName": name]), as: UTF8.self))
  }

  @Test(arguments: [
    #"{"username":"demo_fan","password":"wrong-password","password":"fromm-demo-1"}"#,
    #"{"username":"demo_fan", "username" : "minji_fan","password":"fromm-demo-1"}"#,
  ])
  func bodyWithAKeyTwice_returns400NamingTheKey(json: String) {
    let backend = try? TestBackend()
    let response = backend?.send("POST", APIPaths.signIn, json: json)
    #expect(response?.status == 400)
    #expect(response?.error?.code == "malformed_json")
    #expect(response?.error?.message.contains("appears twice") == true)
  }

  @Test func sameKeyInTwoObjects_orAsAValue_isNoDuplicate() {
    #expect(DuplicateJSONKeys.first(in: Data(#"{"a":{"a":1},"b":["a","a"],"c":"a"}"#.utf8)) == nil)
    #expect(DuplicateJSONKeys.first(in: Data(#"{"a":{"x":1,"y":{"x":2}},"a\"b":1,"a":2}"#.utf8)) == "a")
    #expect(DuplicateJSONKeys.first(in: Data(#"[{"k":1},{"k":2,"k":3}]"#.utf8)) == "k")
  }

  @Test func displayNameOfFewCharactersButThousandsOfMarks_isRefused() throws {
    let backend = try TestBackend()
    let name = "Zalgo" + String(repeating: "\u{301}", count: 6_000)
    let response = try rename(backend, "demo_fan", to: name)
    #expect(response.status == 400)
    #expect(response.error?.message.contains("Unicode scalars") == true)
    #expect(try rename(backend, "demo_fan", to: "Café Au Lait").status == 200)
  }

  @Test(arguments: ["ｉｕ＿ｏｆｆｉｃｉａｌ", "iu_officia\u{301}l", "IU Official", "ⅰu", "I.U", "Taeyeon"])
  func displayNameLookingLikeAnArtist_isRefused(name: String) throws {
    let backend = try TestBackend()
    let response = try rename(backend, "demo_fan", to: name)
    #expect(response.status == 400, "\(name)")
    #expect(response.error?.code == "invalid_profile")
    #expect(response.error?.message.contains("looks like the artist") == true)
  }

  @Test func displayName_isStoredNFKCNormalised_andAnArtistMayKeepTheirOwnName() throws {
    let backend = try TestBackend()
    let renamed = try rename(backend, "demo_fan", to: "Ｍｉｎｊｉ Ｆａｎ ｎｏ.１")
    #expect(try renamed.decoded(Profile.self).displayName == "Minji Fan no.1")
    #expect(try rename(backend, "iu_official", to: "IU").status == 200)
  }

  @Test func signUp_displayNameLookingLikeAnArtist_isRefused_andNothingIsCreated() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp,
      body: SignUpRequest(username: "fake_iu", password: "long-enough-1", role: .fan, displayName: "ＩＵ"))
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_profile")
    let check = try backend.send(
      "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: "fake_iu"))
    #expect(check.text.contains(#""exists":false"#))
  }
}
