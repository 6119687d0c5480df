// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Client",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "AuthClient", targets: ["AuthClient"]),
    .library(name: "AuthClientLive", targets: ["AuthClientLive"]),
  ],
  dependencies: [
    .package(path: "../CommonKit")
  ],
  targets: [
    .target(
      name: "AuthClient",
      dependencies: [
        .product(name: "CommonKit", package: "CommonKit")
      ]
    ),
    .target(
      name: "AuthClientLive",
      dependencies: [
        "AuthClient"
      ]
    ),
    .testTarget(
      name: "AuthClientTests",
      dependencies: [
        "AuthClient"
      ]
    ),
    .testTarget(
      name: "AuthClientLiveTests",
      dependencies: [
        "AuthClientLive"
      ]
    ),
  ]
)
