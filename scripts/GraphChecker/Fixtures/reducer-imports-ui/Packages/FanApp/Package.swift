// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FanChat", targets: ["FanChat"]),
    .library(name: "FanChatView", targets: ["FanChatView"]),
  ],
  dependencies: [
    .package(path: "../Platform")
  ],
  targets: [
    .target(
      name: "FanChat",
      dependencies: [
        .product(name: "FrommUI", package: "Platform")
      ]
    ),
    .target(
      name: "FanChatView",
      dependencies: [
        "FanChat",
        .product(name: "FrommUI", package: "Platform"),
      ]
    ),
    .testTarget(
      name: "FanChatTests",
      dependencies: [
        "FanChat"
      ]
    ),
    .testTarget(
      name: "FanChatViewTests",
      dependencies: [
        "FanChatView"
      ]
    ),
  ]
)
