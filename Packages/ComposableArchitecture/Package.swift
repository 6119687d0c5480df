// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ComposableArchitecture",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "Dependencies", targets: ["Dependencies"]),
    .library(name: "Sharing", targets: ["Sharing"]),
    .library(name: "ComposableArchitectureTesting", targets: ["ComposableArchitectureTesting"]),
  ],
  targets: [
    .target(name: "Dependencies"),
    .target(name: "Sharing", dependencies: ["Dependencies"]),
    .target(name: "ComposableArchitecture", dependencies: ["Dependencies", "Sharing"]),
    .target(
      name: "ComposableArchitectureTesting",
      dependencies: ["ComposableArchitecture", "Dependencies", "Sharing"]
    ),
    .executableTarget(
      name: "ComposableArchitectureBenchmarks",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTesting"]
    ),
    .testTarget(
      name: "DependenciesTests",
      dependencies: ["Dependencies", "ComposableArchitecture", "ComposableArchitectureTesting"]
    ),
    .testTarget(
      name: "SharingTests",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTesting", "Sharing"]
    ),
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
