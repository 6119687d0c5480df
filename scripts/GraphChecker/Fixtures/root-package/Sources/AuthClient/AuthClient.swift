import ComposableArchitecture

public struct AuthClient: Sendable {}

extension DependencyValues {
  public var authClient: AuthClient { AuthClient() }
}
