// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Client",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "AuthClient", targets: ["AuthClient"]),
    .library(name: "AuthClientLive", targets: ["AuthClientLive"]),
  ],
  targets: [
    .target(
      name: "AuthClient"
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
        "AuthClient",
        "AuthClientLive",
      ]
    ),
  ]
)
