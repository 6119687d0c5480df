// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CommonKit",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "CommonKit", targets: ["CommonKit"])
  ],
  targets: [
    .target(name: "CommonKit"),
    .testTarget(name: "CommonKitTests", dependencies: ["CommonKit"]),
  ]
)
