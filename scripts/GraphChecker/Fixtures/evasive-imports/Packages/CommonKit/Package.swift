// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CommonKit",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CommonKit", targets: ["CommonKit"])
  ],
  targets: [
    .target(name: "CommonKit")
  ]
)
