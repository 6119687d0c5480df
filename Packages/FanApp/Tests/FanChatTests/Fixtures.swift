import FanChat
import MessageClient
import MessageDataModels
import MessageRoom

extension ChatFeature.State {
  static func iuRoom(_ messages: [Message] = []) -> Self {
    ChatFeature.State(
      artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
      feed: RoomFeed(messages: messages))
  }
}
