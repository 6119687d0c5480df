import ArtistDataModels
import Foundation

/// The fan `minji_fan`, subscribed to the test artist since 2026-11-06.
public let minji = Subscriber(
  id: 7, username: "minji_fan", displayName: "민지", subscribedAt: Date(timeIntervalSince1970: 1_794_000_000))

/// The fan `demo_fan`, subscribed to the test artist since 2026-11-12.
public let demoFan = Subscriber(
  id: 8, username: "demo_fan", displayName: "Demo Fan",
  subscribedAt: Date(timeIntervalSince1970: 1_794_500_000))
