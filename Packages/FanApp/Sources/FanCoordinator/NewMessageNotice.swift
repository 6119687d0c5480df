import CommonDataModels

extension FanAppFeature {
  /// A new message in another room than the open one: shown over the room for
  /// ``FanAppFeature/newMessageNoticeDuration``, or until the fan leaves the room.
  public struct NewMessageNotice: Equatable, Sendable {
    /// The artist whose room has the new message.
    public var artistId: AccountID
    /// The artist's display name.
    public var artistName: String

    /// Creates a notice.
    public init(artistId: AccountID, artistName: String) {
      self.artistId = artistId
      self.artistName = artistName
    }
  }
}
