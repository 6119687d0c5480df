// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Feature",
  dependencies: [.package(path: "../Core")],
  targets: [
    // Uses one of the product's two modules: the product is used.
    .target(name: "FeatureA", dependencies: [.product(name: "CoreKit", package: "Core")]),
    .target(name: "FeatureB"),
    // Declares the product and imports neither of its modules.
    .target(name: "FeatureC", dependencies: [.product(name: "CoreKit", package: "Core")]),
    .target(name: "FeatureD", dependencies: [.product(name: "CoreKitt", package: "Core")]),
    .testTarget(name: "FeatureATests", dependencies: ["FeatureA"]),
  ]
)
