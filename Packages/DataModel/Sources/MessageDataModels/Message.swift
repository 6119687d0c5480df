import CommonDataModels
import Foundation

/// One message in an artist's room.
public struct Message: Codable, Sendable, Equatable, Identifiable {
  /// The message id; ids grow over time, so they order messages and serve as cursors.
  public var id: MessageID
  /// The artist whose room this is.
  public var artistId: AccountID
  /// Who sent it (the artist for a broadcast, the fan for a reply).
  public var senderId: AccountID
  /// The sender's username.
  public var senderUsername: String
  /// The sender's display name when the message was read.
  public var senderDisplayName: String
  /// Broadcast or reply.
  public var kind: MessageKind
  /// The text, 1–500 characters (`MessageRules`).
  public var text: String
  /// When the server stored it.
  public var sentAt: Date

  /// Creates a message.
  public init(
    id: MessageID, artistId: AccountID, senderId: AccountID, senderUsername: String,
    senderDisplayName: String,
    kind: MessageKind, text: String, sentAt: Date
  ) {
    self.id = id
    self.artistId = artistId
    self.senderId = senderId
    self.senderUsername = senderUsername
    self.senderDisplayName = senderDisplayName
    self.kind = kind
    self.text = text
    self.sentAt = sentAt
  }
}
