import CommonDataModels

/// Whether a message is an artist's broadcast or a fan's private reply.
public enum MessageKind: String, Codable, Sendable, CaseIterable {
  /// Sent by the artist; every subscriber sees it.
  case broadcast
  /// Sent by a fan; only that fan and the artist see it.
  case reply

  public init(from decoder: any Decoder) throws {
    self = try decodeWireEnum(from: decoder)
  }
}
