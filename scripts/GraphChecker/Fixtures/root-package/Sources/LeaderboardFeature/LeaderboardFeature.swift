// Uses the client through its dependency key only, without importing AuthClient.
import ComposableArchitecture

struct Leaderboard {
  @Dependency(\.authClient) var authClient
}
