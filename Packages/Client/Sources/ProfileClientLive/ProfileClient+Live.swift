import CommonDataModels
import NetworkProvider
import ProfileClient
import ProfileDataModels

extension ProfileClient {
  /// How long the profile may be served from the cache; an update refreshes it at once.
  public static let profileCacheTTL: Duration = .seconds(10)

  /// The client that talks to the API through `api`.
  public static func live(_ api: APIClient) -> ProfileClient {
    ProfileClient(
      profile: {
        try await api.send(Endpoint<Profile>(.get, APIPaths.profile, cacheTTL: profileCacheTTL))
      },
      update: { request in
        try await api.send(Endpoint<Profile>(.patch, APIPaths.profile, body: request))
      }
    )
  }
}
