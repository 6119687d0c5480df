// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Codegen",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "codegen", targets: ["codegen"])
  ],
  dependencies: [
    .package(path: "../SourceText")
  ],
  targets: [
    .target(name: "CodegenCore", dependencies: [.product(name: "SourceText", package: "SourceText")]),
    .executableTarget(name: "codegen", dependencies: ["CodegenCore"]),
    .testTarget(name: "CodegenCoreTests", dependencies: ["CodegenCore"]),
  ]
)
