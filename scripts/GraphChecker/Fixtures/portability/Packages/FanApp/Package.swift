// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "FanChat", targets: ["FanChat"])
  ],
  targets: [
    .target(name: "FanChat"),
    .testTarget(name: "FanChatTests", dependencies: ["FanChat"]),
  ]
)
