import Foundation
import ProfileDataModels

extension Profile {
  /// The fan `minji_fan`'s profile.
  public static let minji = minji()

  /// The fan `minji_fan`'s profile, with `displayName` as her nickname.
  public static func minji(_ displayName: String = "Minji") -> Profile {
    Profile(
      id: 5, username: "minji_fan", role: .fan, displayName: displayName, statusMessage: "",
      subscriberCount: nil,
      subscriptionCount: 1, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
  }
}
