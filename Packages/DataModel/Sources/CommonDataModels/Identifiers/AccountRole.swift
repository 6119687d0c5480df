/// What kind of account this is: a fan reads and replies, an artist broadcasts.
///
/// Encoded as `"fan"` or `"artist"`; any other string fails decoding with a message naming both.
public enum AccountRole: String, Codable, Sendable, CaseIterable {
  /// Subscribes to artists, reads their broadcasts and replies privately.
  case fan
  /// Owns one room and broadcasts to every subscriber.
  case artist

  public init(from decoder: any Decoder) throws {
    self = try decodeWireEnum(from: decoder)
  }
}
