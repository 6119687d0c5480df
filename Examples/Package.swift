// swift-tools-version: 6.0
import PackageDescription

// TCA's example apps, ported to our library: TicTacToe's core modules (one target each, as
// upstream structures them) and Todos, with their test suites.
let composable = Target.Dependency.product(name: "ComposableArchitecture", package: "ComposableArchitecture")
let dependencies = Target.Dependency.product(name: "Dependencies", package: "ComposableArchitecture")
let testing = Target.Dependency.product(
  name: "ComposableArchitectureTesting", package: "ComposableArchitecture")

let package = Package(
  name: "Examples",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "AuthenticationClient", targets: ["AuthenticationClient"]),
    .library(name: "GameCore", targets: ["GameCore"]),
    .library(name: "TwoFactorCore", targets: ["TwoFactorCore"]),
    .library(name: "LoginCore", targets: ["LoginCore"]),
    .library(name: "NewGameCore", targets: ["NewGameCore"]),
    .library(name: "AppCore", targets: ["AppCore"]),
    .library(name: "Todos", targets: ["Todos"]),
  ],
  dependencies: [
    .package(path: "../Packages/ComposableArchitecture")
  ],
  targets: [
    // TicTacToe
    .target(name: "AuthenticationClient", dependencies: [dependencies]),
    .target(name: "GameCore", dependencies: [composable]),
    .target(name: "TwoFactorCore", dependencies: ["AuthenticationClient", composable]),
    .target(name: "LoginCore", dependencies: ["AuthenticationClient", "TwoFactorCore", composable]),
    .target(name: "NewGameCore", dependencies: ["GameCore", composable]),
    .target(name: "AppCore", dependencies: ["LoginCore", "NewGameCore", composable]),
    .testTarget(name: "GameCoreTests", dependencies: ["GameCore", composable, testing]),
    .testTarget(
      name: "TwoFactorCoreTests",
      dependencies: ["AuthenticationClient", "TwoFactorCore", composable, testing]),
    .testTarget(
      name: "LoginCoreTests",
      dependencies: ["AuthenticationClient", "LoginCore", "TwoFactorCore", composable, testing]),
    .testTarget(name: "NewGameCoreTests", dependencies: ["GameCore", "NewGameCore", composable, testing]),
    .testTarget(
      name: "AppCoreTests",
      dependencies: [
        "AppCore", "AuthenticationClient", "LoginCore", "NewGameCore", "TwoFactorCore", composable, testing,
      ]),
    // Todos
    .target(name: "Todos", dependencies: [composable]),
    .testTarget(name: "TodosTests", dependencies: ["Todos", composable, testing]),
  ]
)
