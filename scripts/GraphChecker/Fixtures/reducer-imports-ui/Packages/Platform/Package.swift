// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Platform",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "FrommUI", targets: ["FrommUI"])
  ],
  targets: [
    .target(
      name: "FrommUI"
    ),
    .testTarget(
      name: "FrommUITests",
      dependencies: [
        "FrommUI"
      ]
    ),
  ]
)
