/// The body of `POST /v1/rooms/{artistId}/messages`.
///
/// From the artist this is a broadcast; from a subscribed fan, a private reply.
public struct SendMessageRequest: Codable, Sendable, Equatable {
  /// 1–500 characters, not blank (`MessageRules`).
  public var text: String

  /// Creates a request.
  public init(text: String) { self.text = text }
}
