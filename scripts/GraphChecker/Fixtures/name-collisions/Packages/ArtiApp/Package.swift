// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ArtiApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ArtistBio", targets: ["ArtistBio"])
  ],
  targets: [
    // An arti feature whose name starts like the `ArtistClient` of the clients.
    .target(name: "ArtistBio"),
    // Differs from CommonKit only by case.
    .target(name: "Commonkit"),
    // Has the name of a fan feature.
    .target(name: "FanChat"),
    .testTarget(name: "ArtistBioTests", dependencies: ["ArtistBio", "Commonkit", "FanChat"]),
  ]
)
