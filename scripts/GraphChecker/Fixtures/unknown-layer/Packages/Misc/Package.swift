// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Misc",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Misc", targets: ["Misc"])
  ],
  targets: [
    .target(
      name: "Misc"
    ),
    .testTarget(
      name: "MiscTests",
      dependencies: [
        "Misc"
      ]
    ),
  ]
)
