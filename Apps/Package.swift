// swift-tools-version: 6.0
import PackageDescription

let composableArchitecture = Target.Dependency.product(
  name: "ComposableArchitecture", package: "ComposableArchitecture")
let commonKit = Target.Dependency.product(name: "CommonKit", package: "CommonKit")
let commonDataModels = Target.Dependency.product(name: "CommonDataModels", package: "DataModel")
let authDataModels = Target.Dependency.product(name: "AuthDataModels", package: "DataModel")
let frommUI = Target.Dependency.product(name: "FrommUI", package: "Platform")
let networkProvider = Target.Dependency.product(name: "NetworkProvider", package: "Platform")
let devServerCore = Target.Dependency.product(name: "DevServerCore", package: "DevServer")
let liveClients: [Target.Dependency] = [
  .product(name: "AuthClient", package: "Client"),
  .product(name: "AuthClientLive", package: "Client"),
  .product(name: "ArtistClient", package: "Client"),
  .product(name: "ArtistClientLive", package: "Client"),
  .product(name: "MessageClient", package: "Client"),
  .product(name: "MessageClientLive", package: "Client"),
  .product(name: "MessageRoom", package: "Client"),
  .product(name: "ProfileClient", package: "Client"),
  .product(name: "ProfileClientLive", package: "Client"),
]

let package = Package(
  name: "Apps",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "AppSupport", targets: ["AppSupport"]),
    .executable(name: "arti", targets: ["arti"]),
    .executable(name: "fan", targets: ["fan"]),
  ],
  dependencies: [
    .package(path: "../Packages/ComposableArchitecture"),
    .package(path: "../Packages/CommonKit"),
    .package(path: "../Packages/DataModel"),
    .package(path: "../Packages/Platform"),
    .package(path: "../Packages/Client"),
    .package(path: "../Packages/DevServer"),
    .package(path: "../Packages/ArtiApp"),
    .package(path: "../Packages/FanApp"),
  ],
  targets: [
    // AppSupport: options, data folder, backend (embedded or server), live clients, run loop.
    .target(
      name: "AppSupport",
      dependencies: [
        composableArchitecture, commonKit, commonDataModels, authDataModels, frommUI, networkProvider,
        devServerCore,
      ] + liveClients),
    .testTarget(
      name: "AppSupportTests",
      dependencies: ["AppSupport", commonDataModels, authDataModels, networkProvider]),
    // arti
    .executableTarget(
      name: "arti",
      dependencies: [
        "AppSupport", .product(name: "ArtiCoordinator", package: "ArtiApp"),
        .product(name: "ArtiCoordinatorView", package: "ArtiApp"),
      ]),
    // Launches the built `arti` through a pipe in plain mode against the embedded backend.
    .testTarget(name: "ArtiAppTests"),
    // fan
    .executableTarget(
      name: "fan",
      dependencies: [
        "AppSupport", .product(name: "FanCoordinator", package: "FanApp"),
        .product(name: "FanCoordinatorView", package: "FanApp"),
        .product(name: "FanSignIn", package: "FanApp"),
      ]),
    // The fan app's store over live clients and the embedded backend, counting its requests.
    .testTarget(
      name: "FanAppLiveTests",
      dependencies: [
        composableArchitecture, commonDataModels, networkProvider, devServerCore,
        .product(name: "FanCoordinator", package: "FanApp"),
        .product(name: "FanArtistList", package: "FanApp"),
        .product(name: "FanRoom", package: "FanApp"), .product(name: "AuthClient", package: "Client"),
        .product(name: "AuthClientLive", package: "Client"),
        .product(name: "ArtistClient", package: "Client"),
        .product(name: "ArtistClientLive", package: "Client"),
        .product(name: "MessageClient", package: "Client"),
        .product(name: "MessageClientLive", package: "Client"),
        .product(name: "MessageRoom", package: "Client"),
      ]),
  ]
)
