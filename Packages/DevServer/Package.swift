// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "DevServer",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "DevServerCore", targets: ["DevServerCore"]),
    .library(name: "DevServerHTTP", targets: ["DevServerHTTP"]),
    .executable(name: "fromm-server", targets: ["fromm-server"]),
    .executable(name: "devserver-bench", targets: ["devserver-bench"]),
  ],
  dependencies: [
    .package(path: "../CommonKit"),
    .package(path: "../DataModel"),
  ],
  targets: [
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
    .systemLibrary(name: "CCrypt"),
    .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto"),
    .systemLibrary(name: "CEpoll"),
    // The plain lock the HTTP layer and the store share.
    .target(name: "DevServerLocks"),
    .target(name: "SQLiteStore", dependencies: ["CSQLite", "DevServerLocks"]),
    .target(
      name: "DevServerCore",
      dependencies: [
        "SQLiteStore",
        // libcrypt (yescrypt) and OpenSSL are Linux's; Apple platforms use scrypt and CommonCrypto.
        .target(name: "CCrypt", condition: .when(platforms: [.linux])),
        .target(name: "CLibCrypto", condition: .when(platforms: [.linux])),
        .product(name: "CommonKit", package: "CommonKit"),
        .product(name: "CommonDataModels", package: "DataModel"),
        .product(name: "AuthDataModels", package: "DataModel"),
        .product(name: "ArtistDataModels", package: "DataModel"),
        .product(name: "MessageDataModels", package: "DataModel"),
        .product(name: "ProfileDataModels", package: "DataModel"),
      ]),
    .target(
      name: "DevServerHTTP",
      dependencies: [
        "CEpoll", "DevServerLocks",
        .product(name: "CommonKit", package: "CommonKit"),
        .product(name: "CommonDataModels", package: "DataModel"),
      ]),
    .executableTarget(
      name: "fromm-server",
      dependencies: [
        "DevServerCore", "DevServerHTTP",
        .product(name: "CommonKit", package: "CommonKit"),
        .product(name: "CommonDataModels", package: "DataModel"),
      ]),
    .executableTarget(
      name: "devserver-bench",
      dependencies: [
        "DevServerCore", "DevServerHTTP", "SQLiteStore",
        .product(name: "CommonDataModels", package: "DataModel"),
        .product(name: "AuthDataModels", package: "DataModel"),
        .product(name: "MessageDataModels", package: "DataModel"),
      ]),
    .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore"]),
    .testTarget(
      name: "DevServerCoreTests",
      dependencies: [
        "DevServerCore", "SQLiteStore",
        .product(name: "CommonDataModels", package: "DataModel"),
        .product(name: "AuthDataModels", package: "DataModel"),
        .product(name: "ArtistDataModels", package: "DataModel"),
        .product(name: "MessageDataModels", package: "DataModel"),
        .product(name: "ProfileDataModels", package: "DataModel"),
      ]),
    .testTarget(
      name: "DevServerHTTPTests",
      dependencies: [
        "DevServerHTTP", "DevServerCore",
        .product(name: "CommonDataModels", package: "DataModel"),
      ]),
  ]
)
