import CommonDataModels
import Foundation
import NetworkProvider
import Testing

@Suite struct EndpointTests {
  @Test func defaults_followTheMethodsMeaning() {
    let get = Endpoint<Greeting>(.get, "/v1/artists")
    #expect(get.isIdempotent && get.requiresSession && get.invalidates.isEmpty && !get.isCacheable)
    let put = Endpoint<Greeting>(.put, "/v1/artists/1/subscription")
    #expect(put.isIdempotent && put.invalidates == ["/v1/artists/1/subscription"])
    let post = Endpoint<Greeting>(.post, "/v1/rooms/1/messages")
    #expect(!post.isIdempotent && post.invalidates == ["/v1/rooms/1/messages"])
    #expect(!Endpoint<Greeting>(.patch, "/v1/profile").isIdempotent)
    #expect(Endpoint<Greeting>(.delete, "/v1/x").isIdempotent)
  }

  @Test func isCacheable_onlyForGetsWithAPositiveTTL() {
    #expect(Endpoint<Greeting>(.get, "/a", cacheTTL: .seconds(1)).isCacheable)
    #expect(!Endpoint<Greeting>(.get, "/a", cacheTTL: .zero).isCacheable)
    #expect(!Endpoint<Greeting>(.post, "/a", cacheTTL: .seconds(1)).isCacheable)
  }

  @Test func backoff_doublesUpToTheCap() {
    let configuration = APIClient.Configuration(
      initialBackoff: .milliseconds(200), maxBackoff: .milliseconds(1_000))
    let waits = (1...5).map { configuration.backoff(beforeRetry: $0) }
    #expect(waits == [.milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
  }

  @Test func configuration_atLeastOneAttempt() {
    #expect(APIClient.Configuration(maxAttempts: 0).maxAttempts == 1)
  }
}
