// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ArtiApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ArtiRoom", targets: ["ArtiRoom"])
  ],
  targets: [
    .target(
      name: "ArtiRoom"
    ),
    .testTarget(
      name: "ArtiRoomTests",
      dependencies: [
        "ArtiRoom"
      ]
    ),
  ]
)
