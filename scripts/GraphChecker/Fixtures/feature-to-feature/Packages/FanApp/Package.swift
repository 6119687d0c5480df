// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FanChat", targets: ["FanChat"]),
    .library(name: "FanProfile", targets: ["FanProfile"]),
  ],
  targets: [
    .target(
      name: "FanChat",
      dependencies: [
        "FanProfile"
      ]
    ),
    .target(
      name: "FanProfile"
    ),
    .testTarget(
      name: "FanChatTests",
      dependencies: [
        "FanChat"
      ]
    ),
  ]
)
