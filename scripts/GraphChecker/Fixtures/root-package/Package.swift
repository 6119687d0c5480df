// swift-tools-version: 6.0
// A single root manifest in the style of isowords: Sources/*, Tests/*, remote products.
import PackageDescription

let tca = Target.Dependency.product(name: "ComposableArchitecture", package: "swift-composable-architecture")
let tagged = Target.Dependency.product(name: "Tagged", package: "swift-tagged")

let package = Package(
  name: "Words",
  platforms: [.iOS(.v18), .macOS(.v15)],
  products: [
    .library(name: "AppFeature", targets: ["AppFeature"]),
    .library(name: "SharedModels", targets: ["SharedModels", "SharedModelsExtras"]),
    .plugin(name: "GenerateAssets", targets: ["GenerateAssets"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.17.0"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
  ],
  targets: [
    .target(name: "SharedModels", dependencies: [tagged]),
    .target(name: "SharedModelsExtras", dependencies: ["SharedModels"]),
    .target(name: "ApiClient", dependencies: ["SharedModels", tca]),
    .target(name: "ApiClientLive", dependencies: ["ApiClient", tca]),
    .target(name: "AuthClient", dependencies: [tca]),
    .target(name: "GameCore", dependencies: ["SharedModels"]),
    .target(name: "GameFeature", dependencies: ["GameCore", tca]),
    .target(name: "HomeFeature", dependencies: ["GameFeature", "Styleguide", tca]),
    .target(name: "SettingsFeature", dependencies: ["Styleguide", tca]),
    .target(name: "LeaderboardFeature", dependencies: ["AuthClient", tca]),
    .target(name: "DailyChallengeFeature", dependencies: ["SharedModels", tca]),
    .target(name: "SyncUI-macOS", dependencies: [tca]),
    .target(
      name: "AppFeature",
      dependencies: [
        "HomeFeature", "SettingsFeature", "LeaderboardFeature", "DailyChallengeFeature", "SyncUI-macOS",
        "Onboarding", tca,
      ]),
    .target(name: "Onboarding", dependencies: ["SettingsFeatur", tca]),
    .target(name: "Styleguide", resources: [.copy("Templates")]),
    .binaryTarget(name: "Sodium", path: "Frameworks/Sodium.xcframework"),
    .target(name: "CryptoClient", dependencies: ["Sodium"]),
    .target(name: "LinuxSupport"),
    .target(
      name: "ServerConfig",
      dependencies: [
        .target(name: "LinuxSupport", condition: .when(platforms: [.linux])), "CryptoClient",
      ]),
    .target(name: "Reports", dependencies: ["SharedModelsExtras"]),
    .executableTarget(name: "words-server", dependencies: ["ServerConfig", "ApiClientLive"]),
    .plugin(name: "GenerateAssets", capability: .buildTool()),
    .testTarget(name: "GameCoreTests", dependencies: ["GameCore"]),
    .testTarget(name: "AppFeatureTests", dependencies: ["AppFeature", tca]),
  ]
)
