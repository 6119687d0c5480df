// swift-tools-version: 6.0
import PackageDescription

let composableArchitecture = Target.Dependency.product(
  name: "ComposableArchitecture", package: "ComposableArchitecture")
let testing = Target.Dependency.product(
  name: "ComposableArchitectureTesting", package: "ComposableArchitecture")
let commonKit = Target.Dependency.product(name: "CommonKit", package: "CommonKit")
let frommUI = Target.Dependency.product(name: "FrommUI", package: "Platform")
let authClient = Target.Dependency.product(name: "AuthClient", package: "Client")
let messageClient = Target.Dependency.product(name: "MessageClient", package: "Client")
let profileClient = Target.Dependency.product(name: "ProfileClient", package: "Client")
let commonDataModels = Target.Dependency.product(name: "CommonDataModels", package: "DataModel")
let authDataModels = Target.Dependency.product(name: "AuthDataModels", package: "DataModel")
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
    // Features: each depends only on the clients, models and kits it uses; never on another feature.
    .target(
      name: "ArtiSignInUsername",
      dependencies: [authClient, commonDataModels, commonKit, composableArchitecture, frommUI]),
    .target(
      name: "ArtiSignInPassword",
      dependencies: [
        authClient, authDataModels, commonDataModels, commonKit, composableArchitecture, frommUI,
      ]),
    .target(
      name: "ArtiRoom",
      dependencies: [
        messageClient, messageDataModels, commonDataModels, commonKit, composableArchitecture, frommUI,
      ]
    ),
    .target(
      name: "ArtiProfile",
      dependencies: [
        authClient, profileClient, profileDataModels, commonDataModels, commonKit, composableArchitecture,
        frommUI,
      ]),
    .target(
      name: "ArtiCoordinator",
      dependencies: [
        "ArtiSignInUsername", "ArtiSignInPassword", "ArtiRoom", "ArtiProfile", authClient, authDataModels,
        commonDataModels, composableArchitecture, frommUI,
      ]),
    // Runs any one feature, or the whole app, alone with preview dependencies.
    .executableTarget(
      name: "ArtiPreviews",
      dependencies: [
        "ArtiSignInUsername", "ArtiSignInPassword", "ArtiRoom", "ArtiProfile", "ArtiCoordinator", authClient,
        messageClient, profileClient, commonKit, composableArchitecture, frommUI,
      ]),
    .testTarget(
      name: "ArtiSignInUsernameTests",
      dependencies: [
        "ArtiSignInUsername", authClient, commonDataModels, composableArchitecture, testing, frommUI,
      ]),
    .testTarget(
      name: "ArtiSignInPasswordTests",
      dependencies: [
        "ArtiSignInPassword", authClient, authDataModels, commonDataModels, composableArchitecture, testing,
        frommUI,
      ]),
    .testTarget(
      name: "ArtiRoomTests",
      dependencies: [
        "ArtiRoom", messageClient, messageDataModels, commonDataModels, commonKit, composableArchitecture,
        testing,
        frommUI,
      ]),
    .testTarget(
      name: "ArtiProfileTests",
      dependencies: [
        "ArtiProfile", authClient, profileClient, profileDataModels, commonDataModels, composableArchitecture,
        testing, frommUI,
      ]),
    .testTarget(
      name: "ArtiCoordinatorTests",
      dependencies: [
        "ArtiCoordinator", "ArtiSignInUsername", "ArtiSignInPassword", "ArtiRoom", "ArtiProfile", authClient,
        messageClient, profileClient, authDataModels, messageDataModels, profileDataModels, commonDataModels,
        composableArchitecture, testing, frommUI,
      ]),
  ]
)
