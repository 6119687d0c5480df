// swift-tools-version: 6.0
import PackageDescription

// Shared by two owners: NetworkProvider (and its tests/benchmark) and FrommUI (and its tests).
// Edit only your own target's entries.
let package = Package(
  name: "Platform",
  platforms: [.macOS(.v15)],
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
      dependencies: [
        .product(name: "CommonKit", package: "CommonKit"),
        .product(name: "CommonDataModels", package: "DataModel"),
      ]
    ),
    .executableTarget(
      name: "NetworkProviderBenchmarks",
      dependencies: [
        "NetworkProvider",
        .product(name: "CommonKit", package: "CommonKit"),
        .product(name: "CommonDataModels", package: "DataModel"),
        .product(name: "ProfileDataModels", package: "DataModel"),
      ]
    ),
    .testTarget(
      name: "NetworkProviderTests",
      dependencies: [
        "NetworkProvider",
        .product(name: "CommonKit", package: "CommonKit"),
        .product(name: "CommonDataModels", package: "DataModel"),
        .product(name: "ComposableArchitectureTesting", package: "ComposableArchitecture"),
      ]
    ),
    // FrommUI
    .target(
      name: "FrommUI",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "ComposableArchitecture"),
        .product(name: "CommonKit", package: "CommonKit"),
      ]
    ),
    .executableTarget(
      name: "FrommUIBenchmarks",
      dependencies: [
        "FrommUI",
        .product(name: "ComposableArchitecture", package: "ComposableArchitecture"),
      ]
    ),
    .testTarget(
      name: "FrommUITests",
      dependencies: [
        "FrommUI",
        .product(name: "ComposableArchitecture", package: "ComposableArchitecture"),
        .product(name: "ComposableArchitectureTesting", package: "ComposableArchitecture"),
      ]
    ),
  ]
)
