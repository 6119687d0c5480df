// swift-tools-version: 6.0
import PackageDescription

let dependencies = Target.Dependency.product(name: "Dependencies", package: "ComposableArchitecture")
let composableArchitecture = Target.Dependency.product(
  name: "ComposableArchitecture", package: "ComposableArchitecture")
let testing = Target.Dependency.product(
  name: "ComposableArchitectureTesting", package: "ComposableArchitecture")
let commonDataModels = Target.Dependency.product(name: "CommonDataModels", package: "DataModel")
let authDataModels = Target.Dependency.product(name: "AuthDataModels", package: "DataModel")
let artistDataModels = Target.Dependency.product(name: "ArtistDataModels", package: "DataModel")
let messageDataModels = Target.Dependency.product(name: "MessageDataModels", package: "DataModel")
let profileDataModels = Target.Dependency.product(name: "ProfileDataModels", package: "DataModel")
let commonKit = Target.Dependency.product(name: "CommonKit", package: "CommonKit")
let networkProvider = Target.Dependency.product(name: "NetworkProvider", package: "Platform")

let package = Package(
  name: "Client",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "AuthClient", targets: ["AuthClient"]),
    .library(name: "ArtistClient", targets: ["ArtistClient"]),
    .library(name: "MessageClient", targets: ["MessageClient"]),
    .library(name: "ProfileClient", targets: ["ProfileClient"]),
    .library(name: "MessageRoom", targets: ["MessageRoom"]),
    .library(name: "AuthClientLive", targets: ["AuthClientLive"]),
    .library(name: "ArtistClientLive", targets: ["ArtistClientLive"]),
    .library(name: "MessageClientLive", targets: ["MessageClientLive"]),
    .library(name: "ProfileClientLive", targets: ["ProfileClientLive"]),
  ],
  dependencies: [
    .package(path: "../ComposableArchitecture"),
    .package(path: "../CommonKit"),
    .package(path: "../DataModel"),
    .package(path: "../Platform"),
    // Tests only: the contract tests run every Live client against the real backend in-process.
    .package(path: "../DevServer"),
  ],
  targets: [
    // Interfaces: structs of closures with test and preview values; never NetworkProvider.
    .target(name: "AuthClient", dependencies: [dependencies, commonDataModels, authDataModels]),
    .target(name: "ArtistClient", dependencies: [dependencies, commonDataModels, artistDataModels]),
    .target(name: "MessageClient", dependencies: [dependencies, commonDataModels, messageDataModels]),
    // Between the clients and the features: one room (follow, page back, send, retry) that the
    // rooms of both apps scope; a reducer, so it may use the architecture, which clients may not.
    .target(
      name: "MessageRoom",
      dependencies: [
        "MessageClient", composableArchitecture, dependencies, commonDataModels, commonKit, messageDataModels,
      ]),
    .target(name: "ProfileClient", dependencies: [dependencies, commonDataModels, profileDataModels]),
    // The ask-wait-back-off step both live followers repeat; only the …Live modules use it.
    .target(name: "LongPoll", dependencies: [commonDataModels]),
    // Live implementations on NetworkProvider; only the apps (and these modules' tests) import them.
    .target(
      name: "AuthClientLive", dependencies: ["AuthClient", networkProvider, commonDataModels, authDataModels]),
    .target(
      name: "ArtistClientLive",
      dependencies: ["ArtistClient", "LongPoll", networkProvider, commonDataModels, artistDataModels]),
    .target(
      name: "MessageClientLive",
      dependencies: ["MessageClient", "LongPoll", networkProvider, commonDataModels, messageDataModels]),
    .target(
      name: "ProfileClientLive",
      dependencies: ["ProfileClient", networkProvider, commonDataModels, profileDataModels]),
    .testTarget(
      name: "ClientLiveTests",
      dependencies: [
        "AuthClient", "ArtistClient", "MessageClient", "ProfileClient", "AuthClientLive", "ArtistClientLive",
        "MessageClientLive", "ProfileClientLive", networkProvider, commonDataModels, authDataModels,
        artistDataModels, messageDataModels, profileDataModels,
      ]),
    .testTarget(
      name: "ContractLiveTests",
      dependencies: [
        "AuthClient", "ArtistClient", "MessageClient", "ProfileClient", "AuthClientLive", "ArtistClientLive",
        "MessageClientLive", "ProfileClientLive", networkProvider, commonDataModels, authDataModels,
        artistDataModels, messageDataModels, profileDataModels, commonKit,
        .product(name: "DevServerCore", package: "DevServer"),
        .product(name: "DevServerHTTP", package: "DevServer"),
      ]),
    .testTarget(
      name: "MessageRoomTests",
      dependencies: [
        "MessageRoom", "MessageClient", composableArchitecture, testing, commonDataModels, messageDataModels,
      ]),
    .testTarget(
      name: "ClientTests",
      dependencies: [
        "AuthClient", "ArtistClient", "MessageClient", "ProfileClient", dependencies, testing,
        commonDataModels,
        authDataModels, artistDataModels, messageDataModels, profileDataModels,
      ]),
  ]
)
