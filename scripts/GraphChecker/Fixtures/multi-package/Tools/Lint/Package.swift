// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Lint",
  targets: [
    .executableTarget(name: "lint", dependencies: ["LintRules"]),
    // No paths: with no Sources/ folder, SwiftPM finds the targets in src/, another default.
    .target(name: "LintRules"),
  ]
)
