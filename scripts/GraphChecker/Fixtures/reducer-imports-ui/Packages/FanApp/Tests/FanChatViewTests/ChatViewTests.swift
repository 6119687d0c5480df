import FanChatView
import Testing

@Test func chatView_exists() {}
