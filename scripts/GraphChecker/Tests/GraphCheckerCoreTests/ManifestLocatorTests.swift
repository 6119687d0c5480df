import Testing

@testable import GraphCheckerCore

private let manifest = """
  let package = Package(
    name: "FanApp",
    products: [
      .library(name: "FanChat", targets: ["FanChat"]),
    ],
    targets: [
      .target(
        name: "FanChat",
        dependencies: [composable, "FanCore"]),
      .testTarget(name: "FanChatTests", dependencies: [.target(name: "FanChat"), testing]),
    ]
  )
  let composable = Target.Dependency.product(name: "ComposableArchitecture", package: "ComposableArchitecture")
  let testing = Target.Dependency.product(name: "ComposableArchitectureTesting", package: "ComposableArchitecture")
  """

@Test func targetLine_productAndDependencyNameIt_pointsAtTargetDeclaration() {
  #expect(ManifestLocator(text: manifest).targetLine("FanChat") == 8)
}

@Test func dependencyLine_quotedOrVariable_pointsAtDependencyEntry() {
  let locator = ManifestLocator(text: manifest)
  #expect(locator.dependencyLine(target: "FanChat", dependency: "FanCore") == 9)
  #expect(locator.dependencyLine(target: "FanChat", dependency: "ComposableArchitecture") == 9)
  #expect(locator.dependencyLine(target: "FanChatTests", dependency: "FanChat") == 10)
  #expect(locator.dependencyLine(target: "FanChatTests", dependency: "ComposableArchitectureTesting") == 10)
}

@Test func dependencyLine_undeclared_fallsBackToTargetLine() {
  #expect(ManifestLocator(text: manifest).dependencyLine(target: "FanChat", dependency: "Other") == 8)
}

@Test func targetLine_unknownModule_isLineOne() {
  #expect(ManifestLocator(text: manifest).targetLine("Nothing") == 1)
}
