// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Client",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ArtistClient", targets: ["ArtistClient"])
  ],
  targets: [
    .target(
      name: "ArtistClient"
    ),
    .testTarget(
      name: "ArtistClientTests",
      dependencies: [
        "ArtistClient"
      ]
    ),
  ]
)
