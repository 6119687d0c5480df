import Testing

@testable import GraphCheckerCore

@Test func locate_library_printsPackageKindAndTests() throws {
  #expect(
    try Fixture.run("clean", ["locate", "AuthClient"]).output == "Packages/Client library AuthClientTests")
  #expect(try Fixture.run("clean", ["locate", "FanChatTests"]).output == "Packages/FanApp test FanChatTests")
  #expect(try Fixture.run("clean", ["locate", "FanCoordinator"]).output == "Packages/FanApp library -")
}

@Test func locate_unknownName_throwsWithCloseNames() {
  #expect {
    try Fixture.run("clean", ["locate", "authclient"])
  } throws: { error in
    "\(error)"
      == "no module named 'authclient'; did you mean: AuthClient, AuthClientLive, AuthClientLiveTests, AuthClientTests?"
  }
  #expect {
    try Fixture.run("clean", ["locate", "FanChta"])
  } throws: { error in
    "\(error)" == "no module named 'FanChta'; did you mean: FanChat?"
  }
}

@Test func affected_changedSource_listsModuleAndTransitiveDependents() throws {
  let result = try Fixture.run(
    "clean", ["affected", "Packages/Client/Sources/AuthClient/AuthClient.swift", "README.md"])
  #expect(
    result.output.split(separator: "\n")
      == [
        "AuthClient", "AuthClientLive", "AuthClientLiveTests", "AuthClientTests", "FanChat", "FanChatTests",
        "FanCoordinator", "fan",
      ])
}

@Test func affected_changedManifest_affectsWholePackageAndPrintsPackages() throws {
  let result = try Fixture.run("clean", ["affected", "--packages", "Packages/FanApp/Package.swift"])
  #expect(result.output.split(separator: "\n") == ["Apps", "Packages/FanApp"])
}

@Test func affected_noModuleFileChanged_printsNothing() throws {
  #expect(try Fixture.run("clean", ["affected", "README.md", "scripts/test"]).output == "")
}

@Test func affected_tests_listsOnlyAffectedTestTargets() throws {
  let result = try Fixture.run(
    "clean", ["affected", "--tests", "Packages/FanApp/Sources/FanChat/FanChat.swift"])
  #expect(result.output == "FanChatTests")
}
