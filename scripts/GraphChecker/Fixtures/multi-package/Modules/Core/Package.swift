// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Core",
  products: [
    // One product, two modules.
    .library(name: "CoreKit", targets: ["CoreModels", "CoreUtils"])
  ],
  targets: [
    .target(name: "CoreModels"),
    .target(name: "CoreUtils", dependencies: ["CoreModels"]),
    .target(name: "CoreTestSupport", dependencies: ["CoreModels"]),
    .testTarget(name: "CoreTests", dependencies: ["CoreUtils", "CoreTestSupport"]),
  ]
)
