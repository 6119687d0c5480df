// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Client",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "AuthClient", targets: ["AuthClient"])
  ],
  dependencies: [
    .package(path: "../CommonKit")
  ],
  targets: [
    .target(name: "AuthClient", dependencies: [.product(name: "CommonKit", package: "CommonKit")]),
    .testTarget(name: "AuthClientTests", dependencies: ["AuthClient"]),
  ]
)
