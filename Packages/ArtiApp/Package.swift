// swift-tools-version: 6.0
import PackageDescription

let composableArchitecture = Target.Dependency.product(
  name: "ComposableArchitecture", package: "ComposableArchitecture")
let testing = Target.Dependency.product(
  name: "ComposableArchitectureTesting", package: "ComposableArchitecture")
let commonKit = Target.Dependency.product(name: "CommonKit", package: "CommonKit")
let frommUI = Target.Dependency.product(name: "FrommUI", package: "Platform")
let authClient = Target.Dependency.product(name: "AuthClient", package: "Client")
let artistClient = Target.Dependency.product(name: "ArtistClient", package: "Client")
let messageClient = Target.Dependency.product(name: "MessageClient", package: "Client")
let profileClient = Target.Dependency.product(name: "ProfileClient", package: "Client")
let messageRoom = Target.Dependency.product(name: "MessageRoom", package: "Client")
let commonDataModels = Target.Dependency.product(name: "CommonDataModels", package: "DataModel")
let authDataModels = Target.Dependency.product(name: "AuthDataModels", package: "DataModel")
let artistDataModels = Target.Dependency.product(name: "ArtistDataModels", package: "DataModel")
let messageDataModels = Target.Dependency.product(name: "MessageDataModels", package: "DataModel")
let profileDataModels = Target.Dependency.product(name: "ProfileDataModels", package: "DataModel")

let package = Package(
  name: "ArtiApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ArtiCoordinator", targets: ["ArtiCoordinator"]),
    .library(name: "ArtiSignInUsername", targets: ["ArtiSignInUsername"]),
    .library(name: "ArtiSignInPassword", targets: ["ArtiSignInPassword"]),
    .library(name: "ArtiFans", targets: ["ArtiFans"]),
    .library(name: "ArtiProfile", targets: ["ArtiProfile"]),
    .library(name: "ArtiCoordinatorView", targets: ["ArtiCoordinatorView"]),
    .library(name: "ArtiSignInUsernameView", targets: ["ArtiSignInUsernameView"]),
    .library(name: "ArtiSignInPasswordView", targets: ["ArtiSignInPasswordView"]),
    .library(name: "ArtiRoomView", targets: ["ArtiRoomView"]),
    .library(name: "ArtiFansView", targets: ["ArtiFansView"]),
    .library(name: "ArtiProfileView", targets: ["ArtiProfileView"]),
    .executable(name: "ArtiPreviews", targets: ["ArtiPreviews"]),
  ],
  dependencies: [
    .package(path: "../ComposableArchitecture"),
    .package(path: "../CommonKit"),
    .package(path: "../DataModel"),
    .package(path: "../Platform"),
    .package(path: "../Client"),
  ],
  targets: [
    // Features: each reducer depends only on the clients, models and kits it uses; never on another
    // feature, and never on a terminal kit. The room is the shared `Room` of MessageRoom as it is.
    .target(
      name: "ArtiSignInUsername",
      dependencies: [authClient, commonDataModels, commonKit, composableArchitecture]),
    .target(
      name: "ArtiSignInPassword",
      dependencies: [authClient, authDataModels, commonDataModels, commonKit, composableArchitecture]),
    .target(
      name: "ArtiFans",
      dependencies: [
        artistClient, messageRoom, artistDataModels, messageDataModels, commonDataModels,
        composableArchitecture,
      ]),
    .target(
      name: "ArtiProfile",
      dependencies: [
        authClient, profileClient, profileDataModels, commonDataModels, commonKit, composableArchitecture,
      ]),
    .target(
      name: "ArtiCoordinator",
      dependencies: [
        "ArtiSignInUsername", "ArtiSignInPassword", "ArtiFans", "ArtiProfile", messageRoom, artistClient,
        authClient, authDataModels, commonDataModels, composableArchitecture,
      ]),
    // Terminal views: each shows one feature with FrommUI and turns keys into that feature's actions.
    .target(name: "ArtiSignInUsernameView", dependencies: ["ArtiSignInUsername", commonKit, frommUI]),
    .target(name: "ArtiSignInPasswordView", dependencies: ["ArtiSignInPassword", commonKit, frommUI]),
    .target(name: "ArtiRoomView", dependencies: [messageRoom, commonKit, messageDataModels, frommUI]),
    .target(
      name: "ArtiFansView",
      dependencies: ["ArtiFans", artistDataModels, messageDataModels, commonDataModels, commonKit, frommUI]),
    .target(name: "ArtiProfileView", dependencies: ["ArtiProfile", frommUI]),
    .target(
      name: "ArtiCoordinatorView",
      dependencies: [
        "ArtiCoordinator", "ArtiSignInUsername", "ArtiSignInPassword", "ArtiFans", "ArtiProfile",
        "ArtiSignInUsernameView", "ArtiSignInPasswordView", "ArtiRoomView", "ArtiFansView", "ArtiProfileView",
        composableArchitecture, frommUI,
      ]),
    // Fixtures the tests of several features share (sessions, profiles, messages, subscribers). Only
    // test targets may depend on it, and it depends on no feature, so one feature's tests build alone.
    .target(
      name: "ArtiAppTestSupport",
      dependencies: [
        authDataModels, artistDataModels, messageDataModels, profileDataModels, commonDataModels,
      ]),
    // Runs any one feature, or the whole app, alone with preview dependencies.
    .executableTarget(
      name: "ArtiPreviews",
      dependencies: [
        "ArtiSignInUsername", "ArtiSignInPassword", "ArtiFans", "ArtiProfile", "ArtiCoordinator",
        "ArtiSignInUsernameView", "ArtiSignInPasswordView", "ArtiRoomView", "ArtiFansView", "ArtiProfileView",
        "ArtiCoordinatorView", authClient, messageClient, messageRoom, profileClient, commonKit,
        composableArchitecture, frommUI,
      ]),
    .testTarget(
      name: "ArtiSignInUsernameTests",
      dependencies: ["ArtiSignInUsername", authClient, commonDataModels, composableArchitecture, testing]),
    .testTarget(
      name: "ArtiSignInPasswordTests",
      dependencies: [
        "ArtiSignInPassword", "ArtiAppTestSupport", authClient, authDataModels, commonDataModels,
        composableArchitecture, testing,
      ]),
    .testTarget(
      name: "ArtiFansTests",
      dependencies: [
        "ArtiFans", "ArtiAppTestSupport", artistClient, messageClient, messageRoom, artistDataModels,
        messageDataModels, commonDataModels, composableArchitecture, testing,
      ]),
    .testTarget(
      name: "ArtiProfileTests",
      dependencies: [
        "ArtiProfile", "ArtiAppTestSupport", authClient, profileClient, profileDataModels, commonDataModels,
        composableArchitecture, testing,
      ]),
    .testTarget(
      name: "ArtiCoordinatorTests",
      dependencies: [
        "ArtiCoordinator", "ArtiAppTestSupport", "ArtiSignInUsername", "ArtiSignInPassword", "ArtiFans",
        "ArtiProfile", authClient, artistClient, messageClient, messageRoom, profileClient, artistDataModels,
        authDataModels, messageDataModels, commonDataModels, composableArchitecture, testing,
      ]),
    .testTarget(
      name: "ArtiSignInUsernameViewTests",
      dependencies: ["ArtiSignInUsernameView", "ArtiSignInUsername", composableArchitecture, frommUI]),
    .testTarget(
      name: "ArtiSignInPasswordViewTests",
      dependencies: ["ArtiSignInPasswordView", "ArtiSignInPassword", commonDataModels, frommUI]),
    .testTarget(
      name: "ArtiRoomViewTests",
      dependencies: [
        "ArtiRoomView", "ArtiAppTestSupport", messageRoom, messageDataModels, commonDataModels, commonKit,
        composableArchitecture, frommUI,
      ]),
    .testTarget(
      name: "ArtiFansViewTests",
      dependencies: [
        "ArtiFansView", "ArtiAppTestSupport", "ArtiFans", messageRoom, artistDataModels, messageDataModels,
        commonDataModels, frommUI,
      ]),
    .testTarget(
      name: "ArtiProfileViewTests",
      dependencies: ["ArtiProfileView", "ArtiAppTestSupport", "ArtiProfile", composableArchitecture, frommUI]),
    .testTarget(
      name: "ArtiCoordinatorViewTests",
      dependencies: [
        "ArtiCoordinatorView", "ArtiAppTestSupport", "ArtiCoordinator", "ArtiSignInUsername",
        "ArtiSignInPassword", "ArtiFans", "ArtiProfile", composableArchitecture, frommUI,
      ]),
  ]
)
