import FanChat
import Testing

@Test func chat_isChat() { #expect(chat == "chat") }
