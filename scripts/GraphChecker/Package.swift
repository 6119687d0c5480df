// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "GraphChecker",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "graph-checker", targets: ["graph-checker"]),
    .library(name: "GraphCheckerCore", targets: ["GraphCheckerCore"]),
  ],
  dependencies: [
    .package(path: "../SourceText")
  ],
  targets: [
    .target(name: "GraphCheckerCore", dependencies: [.product(name: "SourceText", package: "SourceText")]),
    .executableTarget(name: "graph-checker", dependencies: ["GraphCheckerCore"]),
    .testTarget(name: "GraphCheckerCoreTests", dependencies: ["GraphCheckerCore"]),
  ]
)
