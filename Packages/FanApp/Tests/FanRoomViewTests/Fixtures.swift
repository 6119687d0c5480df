import FanRoom
import MessageClient
import MessageDataModels
import MessageRoom

extension RoomFeature.State {
  static func iuRoom(_ messages: [Message] = []) -> Self {
    RoomFeature.State(
      artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
      feed: RoomFeed(messages: messages))
  }
}
