// swift-tools-version: 6.0
import PackageDescription

let dependencies = Target.Dependency.product(name: "Dependencies", package: "ComposableArchitecture")
let testing = Target.Dependency.product(
  name: "ComposableArchitectureTesting", package: "ComposableArchitecture")
let commonDataModels = Target.Dependency.product(name: "CommonDataModels", package: "DataModel")
let authDataModels = Target.Dependency.product(name: "AuthDataModels", package: "DataModel")
let artistDataModels = Target.Dependency.product(name: "ArtistDataModels", package: "DataModel")
let messageDataModels = Target.Dependency.product(name: "MessageDataModels", package: "DataModel")
let profileDataModels = Target.Dependency.product(name: "ProfileDataModels", package: "DataModel")

let package = Package(
  name: "Client",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "AuthClient", targets: ["AuthClient"]),
    .library(name: "ArtistClient", targets: ["ArtistClient"]),
    .library(name: "MessageClient", targets: ["MessageClient"]),
    .library(name: "ProfileClient", targets: ["ProfileClient"]),
  ],
  dependencies: [
    .package(path: "../ComposableArchitecture"),
    .package(path: "../DataModel"),
  ],
  targets: [
    // Interfaces: structs of closures with test and preview values; never NetworkProvider.
    .target(name: "AuthClient", dependencies: [dependencies, commonDataModels, authDataModels]),
    .target(name: "ArtistClient", dependencies: [dependencies, commonDataModels, artistDataModels]),
    .target(name: "MessageClient", dependencies: [dependencies, commonDataModels, messageDataModels]),
    .target(name: "ProfileClient", dependencies: [dependencies, commonDataModels, profileDataModels]),
    .testTarget(
      name: "ClientTests",
      dependencies: [
        "AuthClient", "ArtistClient", "MessageClient", "ProfileClient", dependencies, testing,
        commonDataModels,
        authDataModels, artistDataModels, messageDataModels, profileDataModels,
      ]),
  ]
)
