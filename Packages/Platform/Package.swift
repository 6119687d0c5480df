// swift-tools-version: 6.0
import PackageDescription

let composableArchitecture = Target.Dependency.product(
  name: "ComposableArchitecture", package: "ComposableArchitecture")
let composableArchitectureTesting = Target.Dependency.product(
  name: "ComposableArchitectureTesting", package: "ComposableArchitecture")
let commonKit = Target.Dependency.product(name: "CommonKit", package: "CommonKit")
let commonDataModels = Target.Dependency.product(name: "CommonDataModels", package: "DataModel")

let package = Package(
  name: "Platform",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FrommUI", targets: ["FrommUI"]),
    .library(name: "NetworkProvider", targets: ["NetworkProvider"]),
  ],
  dependencies: [
    .package(path: "../ComposableArchitecture"),
    .package(path: "../CommonKit"),
    .package(path: "../DataModel"),
  ],
  targets: [
    // NetworkProvider
    .target(
      name: "NetworkProvider",
      dependencies: [commonKit, commonDataModels]
    ),
    .executableTarget(
      name: "NetworkProviderBenchmarks",
      dependencies: [
        "NetworkProvider",
        commonKit,
        commonDataModels,
        .product(name: "ProfileDataModels", package: "DataModel"),
      ]
    ),
    .testTarget(
      name: "NetworkProviderTests",
      dependencies: [
        "NetworkProvider",
        commonKit,
        commonDataModels,
        composableArchitectureTesting,
      ]
    ),
    // FrommUI
    .target(
      name: "FrommUI",
      dependencies: [composableArchitecture, commonKit]
    ),
    .executableTarget(
      name: "FrommUIBenchmarks",
      dependencies: ["FrommUI", composableArchitecture]
    ),
    .testTarget(
      name: "FrommUITests",
      dependencies: [
        "FrommUI",
        composableArchitecture,
        composableArchitectureTesting,
      ]
    ),
  ]
)
