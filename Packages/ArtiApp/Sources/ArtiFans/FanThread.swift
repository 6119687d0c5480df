import CommonDataModels
import Foundation
import MessageDataModels

/// One fan's thread in the artist's room: who they are and their replies, oldest first.
public struct FanThread: Equatable, Sendable, Identifiable {
  /// The fan's account id.
  public var fanId: AccountID
  /// The fan's username.
  public var username: String
  /// The fan's display name.
  public var displayName: String
  /// When the fan subscribed; `nil` when they no longer subscribe.
  public var subscribedAt: Date?
  /// The fan's replies, oldest first.
  public var replies: [Message]

  /// Creates a thread.
  public init(
    fanId: AccountID, username: String, displayName: String, subscribedAt: Date?, replies: [Message]
  ) {
    self.fanId = fanId
    self.username = username
    self.displayName = displayName
    self.subscribedAt = subscribedAt
    self.replies = replies
  }

  /// The fan, as the thread is identified.
  public var id: AccountID { fanId }
  /// Whether the fan subscribes now.
  public var isSubscribed: Bool { subscribedAt != nil }
  /// The newest reply's id, for ordering threads; 0 without replies.
  var newestReplyId: MessageID { replies.last?.id ?? MessageID(0) }
}
