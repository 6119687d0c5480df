import CommonDataModels
import Dependencies
import Foundation
import MessageDataModels

extension MessageClient {
  /// Who sends in a preview room.
  public struct PreviewSender: Sendable, Equatable {
    /// The sender's account id (an artist's id is its room's id).
    public var id: AccountID
    /// The sender's username.
    public var username: String
    /// The sender's display name.
    public var displayName: String

    /// Creates a sender.
    public init(id: AccountID, username: String, displayName: String) {
      self.id = id
      self.username = username
      self.displayName = displayName
    }

    /// The demo fan.
    public static let demoFan = PreviewSender(id: 4, username: "demo_fan", displayName: "Demo Fan")
    /// The demo artist IU, whose room is 1.
    public static let iu = PreviewSender(id: 1, username: "iu_official", displayName: "IU")
  }

  /// A few believable messages in IU's room (room 1): broadcasts and the demo fan's replies.
  public static let previewMessages: [Message] = {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    let lines: [(PreviewSender, MessageKind, String)] = [
      (.iu, .broadcast, "Good morning! Rehearsal day today 🎤"),
      (.demoFan, .reply, "Fighting! Can't wait for the concert."),
      (.iu, .broadcast, "Thank you all for the birthday messages 💜"),
      (.iu, .broadcast, "Which song should open the encore?"),
      (.demoFan, .reply, "Through the Night, please!"),
    ]
    return lines.enumerated().map { index, line in
      Message(
        id: MessageID(Int64(index + 1)), artistId: 1, senderId: line.0.id, senderUsername: line.0.username,
        senderDisplayName: line.0.displayName, kind: line.1, text: line.2,
        sentAt: start.addingTimeInterval(Double(index) * 600))
    }
  }()

  /// In-memory rooms: `messages` seeds them, `send` appends as `sender` (a broadcast in the
  /// sender's own room, a reply elsewhere), `deleteMessage` takes back one of `sender`'s,
  /// `olderMessages` and `search` page back `pageSize` at a time, and `followRoom` reports the
  /// room's newest `pageSize` messages (or those after its cursor), then checks every
  /// `pollInterval` on `@Dependency(\.continuousClock)` for newer and deleted messages.
  public static func preview(
    messages: [Message] = previewMessages, sender: PreviewSender = .demoFan,
    latency: Duration = .milliseconds(150), pollInterval: Duration = .seconds(1), pageSize: Int = 50
  ) -> MessageClient {
    let world = LockIsolated(messages)
    // The messages deleted, in the order they were.
    let deletions = LockIsolated<[MessageID]>([])
    @Sendable func travel() async throws {
      @Dependency(\.continuousClock) var clock
      // Zero latency means no wait: a test clock holds even a zero sleep until it is advanced.
      if latency > .zero { try await clock.sleep(for: latency) }
    }
    @Sendable func newer(_ artistId: AccountID, after: MessageID?) -> [Message] {
      world.value.filter { $0.artistId == artistId && $0.id > (after ?? MessageID(0)) }
    }
    @Sendable func page(_ artistId: AccountID, after: MessageID?) -> MessagePage {
      let newer = newer(artistId, after: after)
      let batch = Array(newer.prefix(50))
      return MessagePage(messages: batch, cursor: batch.last?.id ?? after, hasMore: newer.count > batch.count)
    }
    @Sendable func history(
      _ artistId: AccountID, before: MessageID?, containing text: String? = nil
    )
      -> HistoryPage
    {
      let older = world.value.filter {
        $0.artistId == artistId && $0.id < (before ?? MessageID(Int64.max))
          && (text.map($0.text.localizedCaseInsensitiveContains) ?? true)
      }
      return HistoryPage(messages: Array(older.suffix(pageSize)), hasOlder: older.count > pageSize)
    }
    return MessageClient(
      messages: { artistId, after in
        try await travel()
        return page(artistId, after: after)
      },
      olderMessages: { artistId, before in
        try await travel()
        return history(artistId, before: before)
      },
      send: { artistId, text, _ in
        try await travel()
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.count <= 500 else {
          throw APIError.rejected(code: "invalid_message", message: "A message has 1 to 500 characters.")
        }
        return world.withValue { all in
          let message = Message(
            id: MessageID((all.map(\.id.rawValue).max() ?? 0) + 1), artistId: artistId, senderId: sender.id,
            senderUsername: sender.username, senderDisplayName: sender.displayName,
            kind: sender.id == artistId ? .broadcast : .reply, text: text, sentAt: Date())
          all.append(message)
          return message
        }
      },
      deleteMessage: { artistId, messageId in
        try await travel()
        try world.withValue { all in
          guard let index = all.firstIndex(where: { $0.id == messageId && $0.artistId == artistId }) else {
            // Deleted before (by this sender, the only one here): done already.
            if deletions.value.contains(messageId) { return }
            throw APIError.rejected(code: "not_found", message: "No message \(messageId) in this room.")
          }
          guard all[index].senderId == sender.id else {
            throw APIError.rejected(code: "forbidden", message: "Only its author can delete a message.")
          }
          all.remove(at: index)
          deletions.withValue { $0.append(messageId) }
        }
      },
      search: { artistId, text, before in
        try await travel()
        return history(artistId, before: before, containing: text)
      },
      followRoom: { artistId, after in
        AsyncThrowingStream { continuation in
          let task = Task {
            @Dependency(\.continuousClock) var clock
            do { try await travel() } catch { return continuation.finish() }
            let room =
              after.map { HistoryPage(messages: newer(artistId, after: $0), hasOlder: false) }
              ?? history(artistId, before: nil)
            continuation.yield(.loaded(room.messages, hasOlder: room.hasOlder))
            var cursor = room.messages.last?.id ?? after
            var heard = deletions.count
            while !Task.isCancelled {
              do { try await clock.sleep(for: pollInterval) } catch { break }
              let batch = page(artistId, after: cursor)
              if !batch.messages.isEmpty {
                cursor = batch.cursor
                continuation.yield(.messages(batch.messages))
              }
              let deleted = deletions.value.dropFirst(heard)
              heard += deleted.count
              if !deleted.isEmpty { continuation.yield(.deleted(Array(deleted))) }
            }
            continuation.finish()
          }
          continuation.onTermination = { _ in task.cancel() }
        }
      }
    )
  }
}
