import Dependencies
import ProfileDataModels

/// The signed-in user's own profile: read it and change the display name or status message.
///
/// Every endpoint throws `APIError`. Read it with `@Dependency(\.profileClient) var profileClient`;
/// the apps inject `ProfileClient.live(_:)` from `ProfileClientLive`.
public struct ProfileClient: Sendable {
  /// The caller's profile.
  public var profile: @Sendable () async throws -> Profile
  /// Changes the fields present in the request and returns the profile after the change.
  public var update: @Sendable (_ request: UpdateProfileRequest) async throws -> Profile

  /// Creates a client from its endpoints.
  public init(
    profile: @escaping @Sendable () async throws -> Profile,
    update: @escaping @Sendable (_ request: UpdateProfileRequest) async throws -> Profile
  ) {
    self.profile = profile
    self.update = update
  }
}

extension ProfileClient: TestDependencyKey {
  /// Every endpoint fails the test, naming itself (`ProfileClient.profile`), until overridden.
  public static var testValue: ProfileClient {
    ProfileClient(
      profile: unimplemented("ProfileClient.profile"),
      update: unimplemented("ProfileClient.update")
    )
  }

  /// The demo fan's profile, kept in memory so edits stick for the preview's life.
  public static var previewValue: ProfileClient { .preview() }
}

extension DependencyValues {
  /// The signed-in user's own profile.
  public var profileClient: ProfileClient {
    get { self[ProfileClient.self] }
    set { self[ProfileClient.self] = newValue }
  }
}
