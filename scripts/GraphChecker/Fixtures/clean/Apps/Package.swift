// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Apps",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "fan", targets: ["fan"])
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
    )
  ]
)
