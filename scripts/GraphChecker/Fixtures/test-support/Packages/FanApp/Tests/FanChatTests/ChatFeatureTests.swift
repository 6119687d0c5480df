import FanAppTestSupport
import FanChat
import Testing

@Test func chat_exists() {}
