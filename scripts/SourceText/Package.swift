// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SourceText",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "SourceText", targets: ["SourceText"])
  ],
  targets: [
    .target(name: "SourceText"),
    .testTarget(name: "SourceTextTests", dependencies: ["SourceText"]),
  ]
)
