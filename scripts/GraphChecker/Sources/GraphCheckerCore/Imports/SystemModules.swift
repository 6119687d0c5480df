import Foundation

/// The modules an `import` may name without any package declaring them: the toolchain's and the
/// SDKs' own, so that any other unknown name (a deleted module, a misspelt one) is reported.
///
/// Read from the toolchain itself, so a new toolchain's modules need no list: the
/// `.swiftmodule`s of each platform folder of `usr/lib/swift` (one holding `Swift.swiftmodule`:
/// `linux`, `macosx`, …) and the top-level clang modules of its `module.modulemap` files
/// (`CoreFoundation`), found from the `swift` on `PATH`; with Xcode (whose `/usr/bin/swift` is a
/// shim) also its default toolchain and the SDKs' Swift overlays and frameworks, from
/// `DEVELOPER_DIR`, `xcode-select`'s folder or `SDKROOT`. Imports a toolchain of another platform
/// has come from ``otherPlatforms``.
public enum SystemModules {
  /// Modules that only some platforms' SDKs have, so that code checked elsewhere (an iOS package
  /// on a Linux machine) does not read as importing a deleted module: the C libraries of each
  /// platform and the Apple frameworks most Swift code uses. A module missing here can be named in
  /// the rules' `systemModules`; imports inside `#if canImport(…)`/`#if os(…)` are not checked.
  public static let otherPlatforms: Set<String> = [
    // C libraries and their overlays.
    "Darwin", "Glibc", "Musl", "Bionic", "Android", "WinSDK", "ucrt", "CRT", "WASILibc", "ObjectiveC",
    "os", "zlib", "SQLite3", "Dispatch", "Foundation", "CoreFoundation", "XCTest", "Testing",
    // Apple SDK frameworks.
    "Accelerate", "Accessibility", "AdSupport", "AppIntents", "AppKit", "AppTrackingTransparency",
    "AuthenticationServices", "AVFoundation", "AVKit", "BackgroundTasks", "Charts", "CloudKit", "Combine",
    "CommonCrypto", "Contacts", "CoreBluetooth", "CoreData", "CoreGraphics", "CoreHaptics", "CoreImage",
    "CoreLocation", "CoreML", "CoreMotion", "CoreServices", "CoreSpotlight", "CoreText", "CoreTransferable",
    "CryptoKit", "DeveloperToolsSupport", "EventKit", "GameKit", "HealthKit", "ImageIO",
    "LocalAuthentication",
    "MapKit", "MessageUI", "Metal", "MetalKit", "MultipeerConnectivity", "Network", "NotificationCenter",
    "OSLog", "PassKit", "PDFKit", "Photos", "PhotosUI", "QuartzCore", "QuickLook", "SafariServices",
    "Security", "StoreKit", "SwiftData", "SwiftUI", "SystemConfiguration", "TipKit", "UIKit",
    "UniformTypeIdentifiers", "UserNotifications", "Vision", "WatchConnectivity", "WatchKit", "WebKit",
    "WidgetKit",
  ]

  /// The toolchain's modules (from the `swift` on `PATH` and the Xcode and SDK folders the
  /// environment selects) and ``otherPlatforms``.
  public static func current(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Set<String> {
    var names = otherPlatforms
    for dir in libraryDirs(environment: environment) { names.formUnion(modules(inLibrary: dir)) }
    return names
  }

  /// The `usr/lib/swift` folders to read, and the SDKs' framework folders.
  static func libraryDirs(environment: [String: String]) -> [URL] {
    let fm = FileManager.default
    var dirs: [URL] = []
    if let swift = ToolchainIdentity.swift(environment: environment) {
      dirs.append(
        swift.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift"))
    }
    let developer =
      environment["DEVELOPER_DIR"] ?? (try? fm.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link"))
    if let developer {
      let root = URL(fileURLWithPath: developer)
      dirs.append(root.appendingPathComponent("Toolchains/XcodeDefault.xctoolchain/usr/lib/swift"))
      dirs.append(root.appendingPathComponent("usr/lib/swift"))  // Command Line Tools
      for platform in ["MacOSX", "iPhoneOS"] {
        let sdks = root.appendingPathComponent("Platforms/\(platform).platform/Developer/SDKs")
        for sdk in (try? fm.contentsOfDirectory(atPath: sdks.path)) ?? [] where sdk == "\(platform).sdk" {
          dirs.append(sdks.appendingPathComponent("\(sdk)/usr/lib/swift"))
          dirs.append(sdks.appendingPathComponent("\(sdk)/System/Library/Frameworks"))
        }
      }
    }
    if let sdk = environment["SDKROOT"] {
      let root = URL(fileURLWithPath: sdk)
      dirs += [
        root.appendingPathComponent("usr/lib/swift"),
        root.appendingPathComponent("System/Library/Frameworks"),
      ]
    }
    return dirs
  }

  /// The module names in one library folder: its `.swiftmodule`s and `.framework`s, those of
  /// each platform folder under it, and the top-level modules of its subfolders' module maps.
  static func modules(inLibrary dir: URL) -> Set<String> {
    let fm = FileManager.default
    var names: Set<String> = []
    let entries = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
    func add(_ entries: [String]) {
      for entry in entries {
        for suffix in [".swiftmodule", ".framework"] where entry.hasSuffix(suffix) {
          names.insert(String(entry.dropLast(suffix.count)))
        }
      }
    }
    add(entries)
    for entry in entries where !entry.contains(".") {
      let child = dir.appendingPathComponent(entry)
      let inner = (try? fm.contentsOfDirectory(atPath: child.path)) ?? []
      if inner.contains("Swift.swiftmodule") {
        add(inner)
      } else if inner.contains("module.modulemap"),
        let text = try? String(contentsOf: child.appendingPathComponent("module.modulemap"), encoding: .utf8)
      {
        names.formUnion(topLevelModules(inModuleMap: text))
      }
    }
    return names
  }

  /// The names a module map declares at its top level (`module Dispatch {`, `framework module X`).
  static func topLevelModules(inModuleMap text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard let first = line.first, first != " ", first != "\t" else { return nil }
      let words = line.split(whereSeparator: { $0 == " " || $0 == "{" })
      guard let index = words.firstIndex(of: "module"), index + 1 < words.count,
        words[..<index].allSatisfy({ ["framework", "explicit", "extern"].contains($0) })
      else { return nil }
      return String(words[index + 1])
    }
  }
}
