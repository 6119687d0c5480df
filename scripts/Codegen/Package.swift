// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Codegen",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "codegen", targets: ["codegen"])
  ],
  dependencies: [
    .package(path: "../SourceText"),
    // Only for FeatureTemplateTests, which compiles and runs a rendering of new-feature's template.
    .package(path: "../../Packages/ComposableArchitecture"),
    .package(path: "../../Packages/Platform"),
  ],
  targets: [
    .target(name: "CodegenCore", dependencies: [.product(name: "SourceText", package: "SourceText")]),
    .executableTarget(name: "codegen", dependencies: ["CodegenCore"]),
    .testTarget(name: "CodegenCoreTests", dependencies: ["CodegenCore"]),
    .testTarget(
      name: "FeatureTemplateTests",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "ComposableArchitecture"),
        .product(name: "ComposableArchitectureTesting", package: "ComposableArchitecture"),
        .product(name: "FrommUI", package: "Platform"),
      ]),
  ]
)
