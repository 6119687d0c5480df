// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FanChat", targets: ["FanChat"]),
    .library(name: "FanCoordinator", targets: ["FanCoordinator"]),
  ],
  targets: [
    .target(name: "FanChat"),
    .target(name: "FanCoordinator", dependencies: ["FanChat", "FanAppTestSupport"]),
    .target(name: "FanAppTestSupport", dependencies: ["FanChat"]),
    .testTarget(name: "FanChatTests", dependencies: ["FanChat", "FanAppTestSupport"]),
  ]
)
