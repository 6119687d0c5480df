// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FanChat", targets: ["FanChat"])
  ],
  dependencies: [
    .package(path: "../ArtiApp")
  ],
  targets: [
    .target(name: "FanChat"),
    .target(
      name: "FanCoordinator",
      dependencies: [
        "FanChat",
        .product(name: "ArtistBio", package: "ArtiApp"),
      ]
    ),
  ]
)
