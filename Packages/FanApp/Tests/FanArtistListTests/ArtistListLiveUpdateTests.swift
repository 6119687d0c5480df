import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import Foundation
import Synchronization
import Testing

@testable import FanArtistList

extension ArtistSummary {
  static let taeyeon = ArtistSummary(
    id: 2, username: "taeyeon", displayName: "TAEYEON", statusMessage: "", subscriberCount: 1,
    isSubscribed: true, unreadCount: 0, lastBroadcastAt: nil)
}

@MainActor
struct ArtistListLiveUpdateTests {
  @Test func task_newsArrives_updatesTheCountsWithoutAReload() async {
    let (updates, continuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let store = TestStore(initialState: ArtistListFeature.State()) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.artists = { [.akmu, .iu, .taeyeon] }
      $0.artistClient.followActivity = { updates }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.artistsResponse(.success([.akmu, .iu, .taeyeon]))) {
      $0.isLoading = false
      $0.artists = [.akmu, .iu, .taeyeon]
    }
    // The first answer is every room's count: IU's two were read elsewhere meanwhile.
    continuation.yield(
      .loaded([RoomActivity(artistId: 2, newestMessageId: 9, newMessageCount: 1, unreadCount: 1)]))
    await store.receive(.activityUpdated(.loaded([room(2, newest: 9, unread: 1)]))) {
      $0.artists[id: 1]?.unreadCount = 0
      $0.artists[id: 2]?.unreadCount = 1
    }
    continuation.yield(.changed([room(2, newest: 12, unread: 2)]))
    await store.receive(.activityUpdated(.changed([room(2, newest: 12, unread: 2)]))) {
      $0.artists[id: 2]?.unreadCount = 2
    }
    continuation.finish()
    await store.finish()
  }

  @Test func news_carryingARenameAndANewBroadcastTime_updateTheRowWithoutAReload() async {
    let (updates, continuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let store = TestStore(initialState: ArtistListFeature.State()) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.artists = { [.iu] }
      $0.artistClient.followActivity = { updates }
    }
    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.artistsResponse(.success([.iu]))) {
      $0.isLoading = false
      $0.artists = [.iu]
    }
    let sentAt = Date(timeIntervalSince1970: 1_800_000_900)
    let news = RoomActivity(
      artistId: 1, newestMessageId: 30, newMessageCount: 1, unreadCount: 3, artistDisplayName: "아이유",
      newestMessageAt: sentAt)
    continuation.yield(.changed([news]))
    await store.receive(.activityUpdated(.changed([news]))) {
      $0.artists[id: 1]?.unreadCount = 3
      $0.artists[id: 1]?.displayName = "아이유"
      $0.artists[id: 1]?.lastBroadcastAt = sentAt
    }
    // The first answer after a room closes says the same: nothing changes twice.
    continuation.yield(.loaded([news]))
    await store.receive(.activityUpdated(.loaded([news])))
    continuation.finish()
    await store.finish()
  }

  @Test func activity_serverUnreachable_saysCountsAreNotLiveUntilItAnswersAgain() async {
    let (updates, continuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.iu])) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.artists = { [.iu] }
      $0.artistClient.followActivity = { updates }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.artistsResponse(.success([.iu]))) { $0.isLoading = false }
    continuation.yield(.interrupted(.timeout, retryIn: .seconds(4)))
    await store.receive(.activityUpdated(.interrupted(.timeout, retryIn: .seconds(4)))) {
      $0.liveUpdatesPause = ArtistListFeature.LiveUpdatesPause(error: .timeout, retryIn: .seconds(4))
    }
    continuation.yield(.resumed)
    await store.receive(.activityUpdated(.resumed)) { $0.liveUpdatesPause = nil }
    continuation.finish()
    await store.finish()
  }

  @Test func activity_endsWithAnError_startsAgainAfterAWaitThatDoubles() async {
    let clock = TestClock()
    let calls = Mutex(0)
    let (third, continuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.iu])) {
      ArtistListFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.artistClient.artists = { [.iu] }
      $0.artistClient.followActivity = {
        let call = calls.withLock { calls in
          calls += 1
          return calls
        }
        guard call < 3 else { return third }
        return AsyncThrowingStream { $0.finish(throwing: APIError.decoding("rooms[0].unreadCount: missing")) }
      }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.artistsResponse(.success([.iu]))) { $0.isLoading = false }
    let broken = APIError.decoding("rooms[0].unreadCount: missing")
    await store.receive(.activityFailed(broken, retryIn: .seconds(1))) {
      $0.liveUpdatesPause = ArtistListFeature.LiveUpdatesPause(error: broken, retryIn: .seconds(1))
    }
    await clock.advance(by: .milliseconds(999))
    #expect(calls.withLock { $0 } == 1)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.activityFailed(broken, retryIn: .seconds(2))) {
      $0.liveUpdatesPause = ArtistListFeature.LiveUpdatesPause(error: broken, retryIn: .seconds(2))
    }
    await clock.advance(by: .seconds(2))
    continuation.yield(.loaded([]))
    await store.receive(.activityUpdated(.loaded([]))) {
      $0.liveUpdatesPause = nil
      $0.artists[id: 1]?.unreadCount = 0
    }
    #expect(calls.withLock { $0 } == 3)
    continuation.finish()
    await store.finish()
  }

  @Test func openRoom_stopsFollowing_shownAgain_followsAgainFromAFreshReadOfEveryRoom() async {
    let calls = Mutex(0)
    let (first, firstContinuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let (second, secondContinuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let firstEnded = Mutex(false)
    firstContinuation.onTermination = { _ in firstEnded.withLock { $0 = true } }
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.iu, .taeyeon])) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.artists = { [.iu, .taeyeon] }
      $0.artistClient.followActivity = {
        let call = calls.withLock { calls in
          calls += 1
          return calls
        }
        return call == 1 ? first : second
      }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.artistsResponse(.success([.iu, .taeyeon]))) { $0.isLoading = false }
    firstContinuation.yield(.loaded([]))
    await store.receive(.activityUpdated(.loaded([]))) { $0.artists[id: 1]?.unreadCount = 0 }
    await store.send(.view(.openTapped(1)))
    await store.receive(.delegate(.openRoom(.iu(unread: 0))))
    // The room follows its own messages: the list stops asking while it is covered.
    #expect(firstEnded.withLock { $0 })
    #expect(calls.withLock { $0 } == 1)

    // Back on the list: TAEYEON's broadcast, sent while IU's room was open, is in the fresh read.
    await store.send(.view(.shownAgain))
    secondContinuation.yield(.loaded([room(2, newest: 30, unread: 1)]))
    await store.receive(.activityUpdated(.loaded([room(2, newest: 30, unread: 1)]))) {
      $0.artists[id: 2]?.unreadCount = 1
    }
    #expect(calls.withLock { $0 } == 2)
    secondContinuation.finish()
    await store.finish()
  }

  @Test func refresh_doesNotStartASecondFollower() async {
    let store = TestStore(initialState: ArtistListFeature.State(artists: [.iu])) {
      ArtistListFeature()
    } withDependencies: {
      $0.artistClient.artists = { [.iu] }
    }

    // `followActivity` is left unimplemented: calling it would fail this test.
    await store.send(.view(.reloadTapped)) { $0.isLoading = true }
    await store.receive(.artistsResponse(.success([.iu]))) { $0.isLoading = false }
  }

  @Test func restartWait_doublesFromOneSecondUpToAMinute() {
    let waits = (1...8).map { ArtistListFeature.restartWait(afterFailures: $0) }
    #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
  }

  private func room(_ artist: AccountID, newest: MessageID, unread: Int) -> RoomActivity {
    RoomActivity(artistId: artist, newestMessageId: newest, newMessageCount: 1, unreadCount: unread)
  }
}
