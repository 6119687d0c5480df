import ArtistDataModels
import CommonDataModels
import Foundation
import SQLiteStore
import Testing

@testable import DevServerCore

/// Schema version 8 keeps each artist's subscriber count on their row; it must always equal the
/// subscriptions there are.
@Suite struct SubscriberCountTests {
  /// Every account whose kept count differs from its subscriptions counted, as `id: kept ≠ counted`.
  static func mismatches(_ database: SQLiteDatabase) throws -> [String] {
    try database.read { connection in
      try connection.query(
        """
        SELECT a.id, a.subscriber_count, (SELECT COUNT(*) FROM subscriptions s WHERE s.artist_id = a.id)
        FROM accounts a
        """
      ).compactMap { row in
        row.int64(1) == row.int64(2) ? nil : "\(row.int64(0)): \(row.int64(1)) ≠ \(row.int64(2))"
      }
    }
  }

  @Test func migration_countsTheSubscriptionsAnOlderFolderHolds() throws {
    let folder = try MessageIDMigrationTests.version5Folder(messages: 4)
    let backend = try TestBackend(seed: false, directory: folder)
    let database = backend.backend.core.store.database
    #expect(try Self.mismatches(database) == [])
    let kept = try database.read {
      try $0.queryFirst("SELECT subscriber_count FROM accounts WHERE id = 1")?.int64(0)
    }
    #expect(kept == 1)
  }

  @Test func subscribing_unsubscribingAndRepeatingEither_keepEveryCountExact() throws {
    let backend = try TestBackend()
    let database = backend.backend.core.store.database
    #expect(try Self.mismatches(database) == [], "the seeded counts")
    let fan = try backend.signIn("demo_fan")
    let akmu = try backend.accountID("akmu")
    let iu = try backend.accountID("iu_official")
    for (method, artist) in [
      ("PUT", akmu), ("PUT", akmu), ("DELETE", iu), ("DELETE", iu), ("PUT", iu), ("DELETE", akmu),
    ] {
      let response = backend.send(method, APIPaths.subscription(artistID: artist), token: fan.token)
      #expect(response.status == 200, "\(method) \(artist): \(response.status)")
      #expect(try Self.mismatches(database) == [], "after \(method) \(artist)")
    }
    let profile = backend.send("GET", "/v1/artists/\(iu)", token: fan.token)
    let counted = try database.read {
      try $0.queryFirst("SELECT COUNT(*) FROM subscriptions WHERE artist_id = ?", [.integer(iu.rawValue)])?
        .int64(0)
    }
    #expect(try profile.decoded(ArtistSummary.self).subscriberCount == counted.map(Int.init))
  }

  @Test func artistList_readsTheKeptCounts_neverCountsSubscriptions() throws {
    let backend = try TestBackend()
    let steps = try QueryPlanTests().plan(backend, Store.artistsSQL, [4])
    #expect(!steps.contains { $0.contains("subscriptions_artist") }, "plan: \(steps)")
  }
}
