// swift-tools-version: 6.0
import PackageDescription

let composable = Target.Dependency.product(name: "ComposableArchitecture", package: "ComposableArchitecture")
let testing = Target.Dependency.product(
  name: "ComposableArchitectureTesting", package: "ComposableArchitecture")
let commonKit = Target.Dependency.product(name: "CommonKit", package: "CommonKit")
let frommUI = Target.Dependency.product(name: "FrommUI", package: "Platform")
let commonDataModels = Target.Dependency.product(name: "CommonDataModels", package: "DataModel")
let authDataModels = Target.Dependency.product(name: "AuthDataModels", package: "DataModel")
let artistDataModels = Target.Dependency.product(name: "ArtistDataModels", package: "DataModel")
let messageDataModels = Target.Dependency.product(name: "MessageDataModels", package: "DataModel")
let profileDataModels = Target.Dependency.product(name: "ProfileDataModels", package: "DataModel")
let authClient = Target.Dependency.product(name: "AuthClient", package: "Client")
let artistClient = Target.Dependency.product(name: "ArtistClient", package: "Client")
let messageClient = Target.Dependency.product(name: "MessageClient", package: "Client")
let messageRoom = Target.Dependency.product(name: "MessageRoom", package: "Client")
let profileClient = Target.Dependency.product(name: "ProfileClient", package: "Client")

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FanSignIn", targets: ["FanSignIn"]),
    .library(name: "FanArtistList", targets: ["FanArtistList"]),
    .library(name: "FanRoom", targets: ["FanRoom"]),
    .library(name: "FanProfile", targets: ["FanProfile"]),
    .library(name: "FanCoordinator", targets: ["FanCoordinator"]),
    .library(name: "FanSignInView", targets: ["FanSignInView"]),
    .library(name: "FanArtistListView", targets: ["FanArtistListView"]),
    .library(name: "FanRoomView", targets: ["FanRoomView"]),
    .library(name: "FanProfileView", targets: ["FanProfileView"]),
    .library(name: "FanCoordinatorView", targets: ["FanCoordinatorView"]),
    .executable(name: "FanAppPreviews", targets: ["FanAppPreviews"]),
  ],
  dependencies: [
    .package(path: "../ComposableArchitecture"),
    .package(path: "../CommonKit"),
    .package(path: "../DataModel"),
    .package(path: "../Platform"),
    .package(path: "../Client"),
  ],
  targets: [
    // Features: one screen's reducer each, free of presentation; they never import each other.
    .target(
      name: "FanSignIn",
      dependencies: [composable, commonKit, commonDataModels, authDataModels, authClient]),
    .target(
      name: "FanArtistList",
      dependencies: [composable, commonDataModels, artistDataModels, artistClient]),
    .target(
      name: "FanRoom",
      dependencies: [composable, commonDataModels, messageDataModels, messageRoom]),
    .target(
      name: "FanProfile",
      dependencies: [
        composable, commonKit, commonDataModels, authDataModels, profileDataModels, authClient, profileClient,
      ]
    ),
    // The coordinator composes the features: sign in → artists → room or profile.
    .target(
      name: "FanCoordinator",
      dependencies: [
        "FanSignIn", "FanArtistList", "FanRoom", "FanProfile", composable, authDataModels, commonDataModels,
        authClient,
      ]),
    // Terminal views: each shows one feature with FrommUI and turns keys into that feature's actions.
    .target(name: "FanSignInView", dependencies: ["FanSignIn", commonKit, frommUI]),
    .target(
      name: "FanArtistListView",
      dependencies: ["FanArtistList", commonKit, frommUI, commonDataModels, artistDataModels]),
    .target(
      name: "FanRoomView",
      dependencies: ["FanRoom", commonKit, frommUI, commonDataModels, messageDataModels, messageRoom]),
    .target(name: "FanProfileView", dependencies: ["FanProfile", commonKit, frommUI]),
    .target(
      name: "FanCoordinatorView",
      dependencies: [
        "FanCoordinator", "FanSignIn", "FanArtistList", "FanRoom", "FanProfile", "FanSignInView",
        "FanArtistListView", "FanRoomView", "FanProfileView", frommUI,
      ]),
    // Fixtures the tests of several features share (accounts, artists, messages, profiles). Only test
    // targets may depend on it, and it depends on no feature, so one feature's tests build alone.
    .target(
      name: "FanAppTestSupport",
      dependencies: [
        commonDataModels, authDataModels, artistDataModels, messageDataModels, profileDataModels,
      ]),
    // Runs any one feature (or the whole app) alone with preview dependencies.
    .executableTarget(
      name: "FanAppPreviews",
      dependencies: [
        "FanSignIn", "FanArtistList", "FanRoom", "FanProfile", "FanCoordinator", "FanSignInView",
        "FanArtistListView", "FanRoomView", "FanProfileView", "FanCoordinatorView", commonKit, composable,
        frommUI, artistClient,
      ]),
    .testTarget(
      name: "FanSignInTests",
      dependencies: [
        "FanSignIn", "FanAppTestSupport", composable, testing, commonDataModels, authDataModels, authClient,
      ]),
    .testTarget(
      name: "FanArtistListTests",
      dependencies: [
        "FanArtistList", "FanAppTestSupport", composable, testing, commonDataModels, artistDataModels,
        artistClient,
      ]),
    .testTarget(
      name: "FanRoomTests",
      dependencies: [
        "FanRoom", "FanAppTestSupport", composable, testing, commonDataModels, messageDataModels,
        messageClient, messageRoom,
      ]),
    .testTarget(
      name: "FanProfileTests",
      dependencies: [
        "FanProfile", "FanAppTestSupport", composable, testing, commonDataModels, authDataModels,
        profileDataModels, authClient, profileClient,
      ]),
    .testTarget(
      name: "FanCoordinatorTests",
      dependencies: [
        "FanCoordinator", "FanCoordinatorView", "FanAppTestSupport", "FanSignIn", "FanArtistList", "FanRoom",
        "FanProfile", composable, testing, frommUI, commonDataModels, authDataModels, artistDataModels,
        messageDataModels,
        profileDataModels,
        authClient, artistClient, messageClient, profileClient, messageRoom,
      ]),
    .testTarget(
      name: "FanSignInViewTests",
      dependencies: ["FanSignInView", "FanSignIn", frommUI]),
    .testTarget(
      name: "FanArtistListViewTests",
      dependencies: ["FanArtistListView", "FanAppTestSupport", "FanArtistList", frommUI, artistDataModels]),
    .testTarget(
      name: "FanRoomViewTests",
      dependencies: [
        "FanRoomView", "FanAppTestSupport", "FanRoom", frommUI, commonDataModels, messageDataModels,
        messageClient, messageRoom,
      ]),
    .testTarget(
      name: "FanProfileViewTests",
      dependencies: ["FanProfileView", "FanAppTestSupport", "FanProfile", frommUI]),
    .testTarget(
      name: "FanCoordinatorViewTests",
      dependencies: [
        "FanCoordinatorView", "FanCoordinator", composable, testing, frommUI, authClient, artistClient,
        messageClient, profileClient,
      ]),
  ]
)
