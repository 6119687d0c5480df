import CommonDataModels
import Dependencies
import Foundation
import ProfileDataModels

extension ProfileClient {
  /// The demo fan's profile.
  public static let previewFan = Profile(
    id: 4, username: "demo_fan", role: .fan, displayName: "Demo Fan", statusMessage: "Concert in 12 days!",
    subscriberCount: nil, subscriptionCount: 1, createdAt: Date(timeIntervalSince1970: 1_780_000_000))

  /// The demo artist IU's profile.
  public static let previewArtist = Profile(
    id: 1, username: "iu_official", role: .artist, displayName: "IU",
    statusMessage: "Thank you for waiting 💜", subscriberCount: 2_043, subscriptionCount: nil,
    createdAt: Date(timeIntervalSince1970: 1_770_000_000))

  /// An in-memory profile that `update` changes, checking lengths as the server does (display
  /// name 1–30, status 0–100). Each call takes `latency` on `@Dependency(\.continuousClock)`.
  public static func preview(
    profile: Profile = previewFan, latency: Duration = .milliseconds(200)
  )
    -> ProfileClient
  {
    let world = LockIsolated(profile)
    @Sendable func travel() async throws {
      @Dependency(\.continuousClock) var clock
      // Zero latency means no wait: a test clock holds even a zero sleep until it is advanced.
      if latency > .zero { try await clock.sleep(for: latency) }
    }
    return ProfileClient(
      profile: {
        try await travel()
        return world.value
      },
      update: { request in
        try await travel()
        if let name = request.displayName,
          name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 30
        {
          throw APIError.rejected(
            code: "invalid_profile", message: "field 'displayName': 1 to 30 characters.")
        }
        if let status = request.statusMessage, status.count > 100 {
          throw APIError.rejected(
            code: "invalid_profile", message: "field 'statusMessage': At most 100 characters.")
        }
        return world.withValue { profile in
          if let name = request.displayName { profile.displayName = name }
          if let status = request.statusMessage { profile.statusMessage = status }
          return profile
        }
      }
    )
  }
}
