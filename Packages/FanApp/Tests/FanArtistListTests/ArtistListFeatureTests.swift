import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanArtistList
import Testing

@MainActor
struct ArtistListLoadTests {
  @Test func task_success_showsArtists() async {
    let store = TestStore(initialState: ArtistListFeature.State()) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.artists = { [.akmu, .iu] }
      $0.artistClient.followActivity = { AsyncThrowingStream { $0.finish() } }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.artistsResponse(.success([.akmu, .iu]))) {
      $0.isLoading = false
      $0.artists = [.akmu, .iu]
    }
  }

  @Test func refresh_failure_keepsListAndExplains() async {
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.iu], notice: "Subscribed to IU."))
    {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.artists = { throw APIError.unreachable("http://127.0.0.1:9") }
    }

    await store.send(.view(.reloadTapped)) {
      $0.isLoading = true
      $0.notice = nil
    }
    await store.receive(.artistsResponse(.failure(.unreachable("http://127.0.0.1:9")))) {
      $0.isLoading = false
      $0.error = .loadFailed(.unreachable("http://127.0.0.1:9"))
    }
  }
}

@MainActor
struct ArtistListSubscriptionTests {
  @Test func subscribe_success_marksArtistAndReloadsUnreadCounts() async {
    let subscribed = ArtistSummary(
      id: 3, username: "akmu", displayName: "AKMU", statusMessage: "", subscriberCount: 1,
      isSubscribed: true, unreadCount: 1, lastBroadcastAt: nil)
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.akmu, .iu])) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.subscribe = { id in
        #expect(id == 3)
        return SubscriptionStatus(artistId: 3, isSubscribed: true, subscriberCount: 1)
      }
      $0.artistClient.artists = { [subscribed, .iu] }
    }

    await store.send(.view(.subscribeTapped(3))) {
      $0.pending = .init(artistId: 3, subscribe: true)
    }
    await store.receive(
      .subscriptionResponse(.success(.init(artistId: 3, isSubscribed: true, subscriberCount: 1)))
    ) {
      $0.pending = nil
      $0.artists[id: 3]?.isSubscribed = true
      $0.artists[id: 3]?.subscriberCount = 1
      $0.notice = "Subscribed to AKMU."
      $0.isLoading = true
    }
    await store.receive(.artistsResponse(.success([subscribed, .iu]))) {
      $0.isLoading = false
      $0.artists[id: 3]?.unreadCount = 1
    }
  }

  @Test func unsubscribe_success_clearsMarkAndUnread() async {
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.akmu, .iu])) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.unsubscribe = { _ in
        SubscriptionStatus(artistId: 1, isSubscribed: false, subscriberCount: 1)
      }
    }

    await store.send(.view(.unsubscribeTapped(1))) {
      $0.pending = .init(artistId: 1, subscribe: false)
    }
    await store.receive(
      .subscriptionResponse(.success(.init(artistId: 1, isSubscribed: false, subscriberCount: 1)))
    ) {
      $0.pending = nil
      $0.artists[id: 1]?.isSubscribed = false
      $0.artists[id: 1]?.subscriberCount = 1
      $0.artists[id: 1]?.unreadCount = 0
      $0.notice = "Unsubscribed from IU."
    }
  }

  @Test func subscribe_failure_explainsWhichArtist() async {
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.akmu, .iu])) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.subscribe = { _ in throw APIError.timeout }
    }

    await store.send(.view(.subscribeTapped(3))) {
      $0.pending = .init(artistId: 3, subscribe: true)
    }
    await store.receive(.subscriptionResponse(.failure(.timeout))) {
      $0.pending = nil
      $0.error = .subscriptionFailed(artistName: "AKMU", subscribing: true, .timeout)
    }
  }

  @Test func subscribe_whileAnotherIsPendingOrUnknownArtist_doesNothing() async {
    let store = TestStore(
      initialState: ArtistListFeature.State(
        artists: [.akmu, .iu], pending: .init(artistId: 1, subscribe: false))
    ) {
      ArtistListFeature()
    }

    await store.send(.view(.subscribeTapped(3)))
    await store.send(.view(.unsubscribeTapped(99)))
  }
}

@MainActor
struct ArtistListNavigationTests {
  @Test func open_subscribedArtist_delegatesRoom() async {
    let store = TestStore(
      initialState: ArtistListFeature.State(artists: [.akmu, .iu], error: .nothingToPick)
    ) {
      ArtistListFeature()
    }

    await store.send(.view(.openTapped(1))) { $0.error = nil }
    await store.receive(.delegate(.openRoom(.iu)))
  }

  @Test func open_unsubscribedArtist_explainsHowToSubscribe() async {
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.akmu, .iu])) {
      ArtistListFeature()
    }

    await store.send(.view(.openTapped(3))) {
      $0.error = .notSubscribed(artistName: "AKMU", number: 1)
    }
  }

  @Test func nextAction_clearsTheLastErrorAndNotice() async {
    let store = TestStore(
      initialState: ArtistListFeature.State(
        artists: [.iu], error: .unknownArtist(name: "9", count: 1),
        notice: "Subscribed to IU.")
    ) {
      ArtistListFeature()
    }

    await store.send(.view(.profileTapped)) {
      $0.error = nil
      $0.notice = nil
    }
    await store.receive(.delegate(.openProfile))
  }

  @Test func profile_delegatesProfile() async {
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.iu])) { ArtistListFeature() }

    await store.send(.view(.profileTapped))
    await store.receive(.delegate(.openProfile))
  }

  @Test func unknownArtist_explainsWhatToType() async {
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.akmu, .iu])) {
      ArtistListFeature()
    }

    await store.send(.view(.unknownArtistNamed("9"))) {
      $0.error = .unknownArtist(name: "9", count: 2)
    }
    await store.send(.view(.unknownArtistNamed(""))) {
      $0.error = .unknownArtist(name: "", count: 2)
    }
    // Not a row: nothing opens, and the old message goes with the fan's new action.
    await store.send(.view(.openTapped(42))) { $0.error = nil }
  }

  @Test func unknownArtist_emptyList_suggestsRefresh() async {
    let store = TestStore(initialState: ArtistListFeature.State()) { ArtistListFeature() }

    await store.send(.view(.unknownArtistNamed("1"))) {
      $0.error = .nothingToPick
    }
  }
}
