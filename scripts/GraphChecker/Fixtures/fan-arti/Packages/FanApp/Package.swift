// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FanApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FanCoordinator", targets: ["FanCoordinator"])
  ],
  dependencies: [
    .package(path: "../ArtiApp"),
    .package(path: "../Client"),
  ],
  targets: [
    .target(
      name: "FanCoordinator",
      dependencies: [
        .product(name: "ArtistClient", package: "Client"),
        .product(name: "ArtiRoom", package: "ArtiApp"),
      ]
    )
  ]
)
