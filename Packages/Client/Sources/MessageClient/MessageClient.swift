import CommonDataModels
import Dependencies
import MessageDataModels

/// An artist's room: read messages after a cursor, send one, follow new ones as they arrive.
///
/// Every endpoint throws `APIError`. Read it with `@Dependency(\.messageClient) var messageClient`;
/// the apps inject `MessageClient.live(_:)` from `MessageClientLive`.
public struct MessageClient: Sendable {
  /// The messages of the room of `artistId` after the `after` cursor (all when `nil`), oldest first.
  public var messages: @Sendable (_ artistId: AccountID, _ after: MessageID?) async throws -> MessagePage
  /// Sends `text` to the room of `artistId`: a broadcast from its artist, a private reply from a fan.
  public var send: @Sendable (_ artistId: AccountID, _ text: String) async throws -> Message
  /// New messages of the room after `after`, as they arrive, each batch oldest first, and whether
  /// the server can be reached (``RoomUpdate``). Polls, backing off while the server fails; ends
  /// with an error polling cannot fix, and quietly when its task is cancelled.
  public var updates:
    @Sendable (_ artistId: AccountID, _ after: MessageID?) -> AsyncThrowingStream<RoomUpdate, any Error>

  /// Creates a client from its endpoints.
  public init(
    messages: @escaping @Sendable (_ artistId: AccountID, _ after: MessageID?) async throws -> MessagePage,
    send: @escaping @Sendable (_ artistId: AccountID, _ text: String) async throws -> Message,
    updates:
      @escaping @Sendable (_ artistId: AccountID, _ after: MessageID?) -> AsyncThrowingStream<
        RoomUpdate, any Error
      >
  ) {
    self.messages = messages
    self.send = send
    self.updates = updates
  }
}

extension MessageClient: TestDependencyKey {
  /// Every endpoint fails the test, naming itself (`MessageClient.send`), until overridden;
  /// `updates` then returns a stream that finishes at once.
  public static var testValue: MessageClient {
    MessageClient(
      messages: unimplemented("MessageClient.messages"),
      send: unimplemented("MessageClient.send"),
      updates: unimplemented(
        "MessageClient.updates", placeholder: AsyncThrowingStream<RoomUpdate, any Error> { $0.finish() })
    )
  }

  /// In-memory rooms of the demo artists, seen by the fan `demo_fan`.
  public static var previewValue: MessageClient { .preview() }
}

extension DependencyValues {
  /// An artist's room.
  public var messageClient: MessageClient {
    get { self[MessageClient.self] }
    set { self[MessageClient.self] = newValue }
  }
}
