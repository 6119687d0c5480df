import CommonDataModels
import Testing

@Suite struct APIRouteTests {
  @Test func path_fillsEveryParameter() {
    #expect(APIRoute.listMessages.path(["artistId": "3"]) == "/v1/rooms/3/messages")
    #expect(APIRoute.subscribe.path(["artistId": "12"]) == "/v1/artists/12/subscription")
    #expect(APIRoute.health.path() == "/v1/health")
  }

  @Test func apiPaths_areTheRoutesPatternsFilledIn() {
    #expect(APIPaths.messages(artistID: 7) == "/v1/rooms/7/messages")
    #expect(APIPaths.history(artistID: 7) == "/v1/rooms/7/history")
    #expect(APIPaths.artist(artistID: 7) == "/v1/artists/7")
    #expect(APIPaths.subscription(artistID: 7) == "/v1/artists/7/subscription")
    #expect(APIPaths.subscribers(artistID: 7) == "/v1/artists/7/subscribers")
    #expect(APIPaths.signIn == APIRoute.signIn.pattern)
    #expect(APIPaths.activity == "/v1/activity")
  }

  @Test func all_hasNoDuplicateMethodAndPattern() {
    #expect(Set(APIRoute.all).count == APIRoute.all.count)
    #expect(APIRoute.all.allSatisfy { $0.pattern.hasPrefix("/v1/") })
  }
}
