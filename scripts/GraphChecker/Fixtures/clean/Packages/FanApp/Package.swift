// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FanChat", targets: ["FanChat"]),
    .library(name: "FanCoordinator", targets: ["FanCoordinator"]),
  ],
  dependencies: [
    .package(path: "../CommonKit"),
    .package(path: "../Client"),
  ],
  targets: [
    .target(
      name: "FanChat",
      dependencies: [
        .product(name: "CommonKit", package: "CommonKit"),
        .product(name: "AuthClient", package: "Client"),
      ]
    ),
    .target(
      name: "FanCoordinator",
      dependencies: [
        "FanChat"
      ]
    ),
    .testTarget(
      name: "FanChatTests",
      dependencies: [
        "FanChat"
      ]
    ),
    .testTarget(
      name: "FanCoordinatorTests",
      dependencies: [
        "FanCoordinator",
        "FanChat",
      ]
    ),
  ]
)
