// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ComposableArchitecture",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "Dependencies", targets: ["Dependencies"]),
    .library(name: "ComposableArchitectureTesting", targets: ["ComposableArchitectureTesting"]),
  ],
  targets: [
    .target(name: "Dependencies"),
    .target(name: "ComposableArchitecture", dependencies: ["Dependencies"]),
    .target(
      name: "ComposableArchitectureTesting",
      dependencies: ["ComposableArchitecture", "Dependencies"]
    ),
    .executableTarget(
      name: "ComposableArchitectureBenchmarks",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTesting"]
    ),
    .testTarget(name: "DependenciesTests", dependencies: ["Dependencies"]),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTesting"]
    ),
    .testTarget(
      name: "ComposableArchitectureTestingTests",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTesting"]
    ),
  ]
)
