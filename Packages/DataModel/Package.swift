// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "DataModel",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "CommonDataModels", targets: ["CommonDataModels"]),
    .library(name: "AuthDataModels", targets: ["AuthDataModels"]),
    .library(name: "ArtistDataModels", targets: ["ArtistDataModels"]),
    .library(name: "MessageDataModels", targets: ["MessageDataModels"]),
    .library(name: "ProfileDataModels", targets: ["ProfileDataModels"]),
  ],
  targets: [
    .target(name: "CommonDataModels"),
    .target(name: "AuthDataModels", dependencies: ["CommonDataModels"]),
    .target(name: "ArtistDataModels", dependencies: ["CommonDataModels"]),
    .target(name: "MessageDataModels", dependencies: ["CommonDataModels"]),
    .target(name: "ProfileDataModels", dependencies: ["CommonDataModels"]),
    .testTarget(
      name: "CommonDataModelsTests", dependencies: ["CommonDataModels"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "AuthDataModelsTests", dependencies: ["AuthDataModels", "CommonDataModels"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ArtistDataModelsTests", dependencies: ["ArtistDataModels", "CommonDataModels"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "MessageDataModelsTests", dependencies: ["MessageDataModels", "CommonDataModels"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ProfileDataModelsTests", dependencies: ["ProfileDataModels", "CommonDataModels"],
      resources: [.copy("Fixtures")]),
  ]
)
