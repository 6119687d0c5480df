// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Apps",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "fan", targets: ["fan"]),
    .executable(name: "arti", targets: ["arti"]),
  ],
  dependencies: [
    .package(path: "../Packages/FanApp"),
    .package(path: "../Packages/Client"),
  ],
  targets: [
    .executableTarget(
      name: "fan",
      dependencies: [
        .product(name: "FanCoordinator", package: "FanApp"),
        .product(name: "AuthClientLive", package: "Client"),
      ]
    ),
    .executableTarget(name: "arti"),
    // Launches the built `arti`: the rules' `runs` say so, since it imports nothing.
    .testTarget(name: "ArtiAppTests"),
  ]
)
