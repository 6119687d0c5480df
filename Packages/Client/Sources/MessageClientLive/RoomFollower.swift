import CommonDataModels
import LongPoll
import MessageClient
import MessageDataModels
import NetworkProvider

/// Follows a room: reads it (its newest page when there is no cursor, else every page after the
/// cursor) and reports that as one `.loaded`, then long-polls for newer messages and reports each
/// non-empty batch, and the deletions each answer names.
///
/// Each poll asks the server to hold the request until a message arrives (`wait`), so a new
/// message arrives as soon as the server has it; after an empty answer it pauses for
/// `pollInterval`, so a server that answers at once is not asked in a tight loop.
/// Failures that may pass back off and say so (`followWithBackoff`).
struct RoomFollower: Sendable {
  let cursor: MessageID?
  let pollInterval: Duration
  let maxBackoff: Duration
  let sleep: @Sendable (Duration) async throws -> Void
  /// The newest page of the room.
  let fetchNewest: @Sendable () async throws -> HistoryPage
  /// The messages after a cursor; `wait` holds the request until one arrives.
  let fetchAfter: @Sendable (MessageID?, _ wait: Bool) async throws -> MessagePage

  /// What one ask brought: the room's newest page, or the messages after the cursor.
  enum Answer {
    case newest(HistoryPage)
    case after(MessagePage)
  }

  func run(into continuation: AsyncThrowingStream<RoomUpdate, any Error>.Continuation) async {
    var cursor = cursor
    // The pages read so far while loading after a cursor; `nil` once `.loaded` has been reported.
    var loading: [Message]? = []
    // Deletions heard and not reported yet (while loading, reported after `.loaded`).
    var deleted: [MessageID] = []
    await followWithBackoff(
      into: continuation, interrupted: RoomUpdate.interrupted, resumed: .resumed,
      backoff: Backoff(first: pollInterval * 2, max: maxBackoff).wait(afterFailures:), sleep: sleep,
      fetch: {
        if cursor == nil, loading != nil { return Answer.newest(try await fetchNewest()) }
        return Answer.after(try await fetchAfter(cursor, loading == nil))
      },
      handle: { answer in
        switch answer {
        case .newest(let page):
          continuation.yield(.loaded(page.messages, hasOlder: page.hasOlder))
          loading = nil
          cursor = page.messages.last?.id
          return .zero
        case .after(let page):
          let fresh = page.messages.filter { message in cursor.map { message.id > $0 } ?? true }
          cursor = [cursor, page.cursor, fresh.last?.id].compactMap { $0 }.max()
          // More are waiting: fetch them now rather than after a pause.
          let hasMore = page.hasMore && (!fresh.isEmpty || !page.deleted.isEmpty)
          deleted += page.deleted
          if let read = loading {
            loading = read + fresh
            if !hasMore {
              // Everything before the cursor was read already: nothing older is news.
              let gone = Set(deleted)
              continuation.yield(.loaded((read + fresh).filter { !gone.contains($0.id) }, hasOlder: false))
              loading = nil
            }
          } else if !fresh.isEmpty {
            continuation.yield(.messages(fresh))
          }
          if loading == nil, !deleted.isEmpty {
            continuation.yield(.deleted(deleted))
            deleted = []
          }
          // A deletion moves the cursor as a message does: news too.
          let news = !fresh.isEmpty || !page.deleted.isEmpty
          return hasMore || news || loading != nil ? .zero : pollInterval
        }
      })
  }
}
