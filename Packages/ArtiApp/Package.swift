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
    .library(name: "ArtiRoom", targets: ["ArtiRoom"]),
    .library(name: "ArtiProfile", targets: ["ArtiProfile"]),
    .library(name: "ArtiCoordinatorView", targets: ["ArtiCoordinatorView"]),
    .library(name: "ArtiSignInUsernameView", targets: ["ArtiSignInUsernameView"]),
    .library(name: "ArtiSignInPasswordView", targets: ["ArtiSignInPasswordView"]),
    .library(name: "ArtiRoomView", targets: ["ArtiRoomView"]),
    .library(name: "ArtiProfileView", targets: ["ArtiProfileView"]),
    .library(name: "ArtiThread", targets: ["ArtiThread"]),
    .library(name: "ArtiThreadView", targets: ["ArtiThreadView"]),
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
    // feature, and never on a terminal kit.
    .target(
      name: "ArtiSignInUsername",
      dependencies: [authClient, commonDataModels, commonKit, composableArchitecture]),
    .target(
      name: "ArtiSignInPassword",
      dependencies: [authClient, authDataModels, commonDataModels, commonKit, composableArchitecture]),
    .target(
      name: "ArtiRoom",
      dependencies: [messageClient, messageDataModels, commonDataModels, composableArchitecture]
    ),
    .target(
      name: "ArtiProfile",
      dependencies: [
        authClient, profileClient, profileDataModels, commonDataModels, commonKit, composableArchitecture,
      ]),
    .target(
      name: "ArtiCoordinator",
      dependencies: [
        "ArtiSignInUsername", "ArtiSignInPassword", "ArtiRoom", "ArtiThread", "ArtiProfile", authClient,
        authDataModels,
        commonDataModels, composableArchitecture,
      ]),
    // Terminal views: each shows one feature with FrommUI and turns keys into that feature's actions.
    .target(name: "ArtiSignInUsernameView", dependencies: ["ArtiSignInUsername", commonKit, frommUI]),
    .target(name: "ArtiSignInPasswordView", dependencies: ["ArtiSignInPassword", commonKit, frommUI]),
    .target(name: "ArtiRoomView", dependencies: ["ArtiRoom", commonKit, messageDataModels, frommUI]),
    .target(name: "ArtiProfileView", dependencies: ["ArtiProfile", frommUI]),
    .target(
      name: "ArtiCoordinatorView",
      dependencies: [
        "ArtiCoordinator", "ArtiSignInUsername", "ArtiSignInPassword", "ArtiRoom", "ArtiThread",
        "ArtiProfile",
        "ArtiSignInUsernameView", "ArtiSignInPasswordView", "ArtiRoomView", "ArtiThreadView",
        "ArtiProfileView",
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
        "ArtiSignInUsername", "ArtiSignInPassword", "ArtiRoom", "ArtiThread", "ArtiProfile",
        "ArtiCoordinator",
        "ArtiSignInUsernameView", "ArtiSignInPasswordView", "ArtiRoomView", "ArtiThreadView",
        "ArtiProfileView",
        "ArtiCoordinatorView", authClient, messageClient, profileClient, commonKit, composableArchitecture,
        frommUI,
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
      name: "ArtiRoomTests",
      dependencies: [
        "ArtiRoom", "ArtiAppTestSupport", messageClient, messageDataModels, commonDataModels,
        composableArchitecture, testing,
      ]),
    .testTarget(
      name: "ArtiProfileTests",
      dependencies: [
        "ArtiProfile", "ArtiAppTestSupport", authClient, profileClient, profileDataModels, commonDataModels,
        composableArchitecture,
        testing,
      ]),
    .testTarget(
      name: "ArtiCoordinatorTests",
      dependencies: [
        "ArtiCoordinator", "ArtiAppTestSupport", "ArtiSignInUsername", "ArtiSignInPassword", "ArtiRoom",
        "ArtiThread", "ArtiProfile", authClient, artistClient, messageClient, profileClient,
        messageDataModels, commonDataModels, composableArchitecture, testing,
      ]),
    .testTarget(
      name: "ArtiSignInUsernameViewTests",
      dependencies: ["ArtiSignInUsernameView", "ArtiSignInUsername", composableArchitecture, frommUI]),
    .testTarget(
      name: "ArtiSignInPasswordViewTests",
      dependencies: [
        "ArtiSignInPasswordView", "ArtiSignInPassword", commonDataModels, frommUI,
      ]),
    .testTarget(
      name: "ArtiRoomViewTests",
      dependencies: [
        "ArtiRoomView", "ArtiAppTestSupport", "ArtiRoom", messageClient, messageDataModels, commonDataModels,
        commonKit,
        composableArchitecture, frommUI,
      ]),
    .testTarget(
      name: "ArtiProfileViewTests",
      dependencies: [
        "ArtiProfileView", "ArtiAppTestSupport", "ArtiProfile", composableArchitecture, frommUI,
      ]),
    .testTarget(
      name: "ArtiCoordinatorViewTests",
      dependencies: [
        "ArtiCoordinatorView", "ArtiAppTestSupport", "ArtiCoordinator", "ArtiSignInUsername",
        "ArtiSignInPassword", "ArtiRoom", "ArtiThread", "ArtiProfile", composableArchitecture, frommUI,
      ]),
    .target(
      name: "ArtiThread",
      dependencies: [
        artistClient, messageClient, artistDataModels, messageDataModels, commonDataModels,
        composableArchitecture,
      ]),
    .target(
      name: "ArtiThreadView",
      dependencies: ["ArtiThread", artistDataModels, messageDataModels, commonDataModels, commonKit, frommUI]),
    .testTarget(
      name: "ArtiThreadTests",
      dependencies: [
        "ArtiThread", "ArtiAppTestSupport", artistClient, messageClient, artistDataModels, messageDataModels,
        commonDataModels,
        composableArchitecture, testing,
      ]),
    .testTarget(
      name: "ArtiThreadViewTests",
      dependencies: [
        "ArtiThreadView", "ArtiAppTestSupport", "ArtiThread", messageClient, artistDataModels,
        messageDataModels, commonDataModels,
        frommUI,
      ]),
  ]
)
