import Testing

@testable import GraphCheckerCore

@Test func locate_library_printsPackageKindAndTests() throws {
  #expect(
    try Fixture.run("clean", ["locate", "AuthClient"]).output == "Packages/Client library AuthClientTests")
  #expect(try Fixture.run("clean", ["locate", "FanChatTests"]).output == "Packages/FanApp test FanChatTests")
  #expect(
    try Fixture.run("clean", ["locate", "FanCoordinator"]).output
      == "Packages/FanApp library FanCoordinatorTests")
}

@Test func locate_featureAlsoUsedByCoordinatorTests_listsOnlyItsOwnTests() throws {
  #expect(try Fixture.run("clean", ["locate", "FanChat"]).output == "Packages/FanApp library FanChatTests")
}

@Test func locate_executableRunByATest_listsThatTest() throws {
  #expect(try Fixture.run("clean", ["locate", "arti"]).output == "Apps executable ArtiAppTests")
}

@Test func affected_changeUnderAnExecutableARuleSaysATestRuns_listsThatTest() throws {
  let result = try Fixture.run("clean", ["affected", "Apps/Sources/arti/main.swift"])
  #expect(result.output.split(separator: "\n") == ["ArtiAppTests", "arti"])
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
        "FanCoordinator", "FanCoordinatorTests", "fan",
      ])
  #expect(result.errorOutput == "affected: documentation only, nothing to build: README.md")
}

@Test func affected_changedManifest_affectsWholePackageAndPrintsPackages() throws {
  let result = try Fixture.run("clean", ["affected", "--packages", "Packages/FanApp/Package.swift"])
  #expect(result.output.split(separator: "\n") == ["Apps", "Packages/FanApp"])
}

@Test func affected_onlyDocsAndUnownedFiles_printsNothingAndSaysWhyOnStderr() throws {
  let result = try Fixture.run(
    "clean",
    ["affected", "README.md", "Packages/FanApp/Sources/FanChat/FanChat.docc/FanChat.md", ".gitignore"])
  #expect(result.output == "")
  #expect(result.status == 0)
  #expect(
    result.errorOutput.split(separator: "\n") == [
      "affected: documentation only, nothing to build: README.md "
        + "Packages/FanApp/Sources/FanChat/FanChat.docc/FanChat.md",
      "affected: owned by no module, nothing to build: .gitignore",
    ])
}

@Test func affected_scriptChanged_affectsEveryModule() throws {
  let result = try Fixture.run("clean", ["affected", "--packages", "scripts/test"])
  #expect(
    result.output.split(separator: "\n") == [
      "Apps", "Packages/Client", "Packages/CommonKit", "Packages/FanApp",
    ])
  #expect(result.errorOutput == "affected: tooling changed, every module is affected: scripts/test")
}

@Test func affected_rulesOrFixtureChanged_affectsTheCheckerTestsOnly() {
  let checker = Module(
    name: "GraphCheckerCore", package: "GraphChecker", packageDir: "scripts/GraphChecker",
    path: "scripts/GraphChecker/Sources/GraphCheckerCore", kind: .library, layer: "tools", dependencies: [],
    uses: [])
  var tests = checker
  tests.name = "GraphCheckerCoreTests"
  tests.kind = .test
  tests.path = "scripts/GraphChecker/Tests/GraphCheckerCoreTests"
  tests.dependencies = ["GraphCheckerCore"]
  var chat = checker
  chat.name = "FanChat"
  chat.packageDir = "Packages/FanApp"
  chat.path = "Packages/FanApp/Sources/FanChat"
  let graph = ModuleGraph(modules: [checker, tests, chat], remoteDependencies: [])
  #expect(graph.affected(byChangesTo: ["scripts/graph-rules.json"]) == ["GraphCheckerCoreTests"])
  #expect(
    graph.affected(byChangesTo: ["scripts/GraphChecker/Fixtures/clean/Apps/Package.swift"])
      == ["GraphCheckerCoreTests"])
  #expect(
    graph.affected(byChangesTo: ["scripts/lib/common.sh"]) == [
      "FanChat", "GraphCheckerCore", "GraphCheckerCoreTests",
    ])
}

@Test func affected_githubMatrix_listsAffectedPackagesAsJobs() throws {
  let result = try Fixture.run(
    "clean", ["affected", "--format", "github-matrix", "Packages/FanApp/Sources/FanChat/FanChat.swift"])
  #expect(
    result.output
      == #"{"include":[{"package":"Apps","name":"Apps"},{"package":"Packages/FanApp","name":"FanApp"}]}"#)
  let none = try Fixture.run("clean", ["affected", "--format", "github-matrix", "README.md"])
  #expect(none.output == #"{"include":[]}"#)
  #expect(none.status == 0)
}

@Test func affected_tests_listsOnlyAffectedTestTargets() throws {
  let result = try Fixture.run(
    "clean", ["affected", "--tests", "Packages/FanApp/Sources/FanChat/FanChat.swift"])
  #expect(result.output.split(separator: "\n") == ["FanChatTests", "FanCoordinatorTests"])
}
