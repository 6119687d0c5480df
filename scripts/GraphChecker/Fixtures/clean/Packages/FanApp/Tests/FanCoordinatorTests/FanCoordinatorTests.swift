import FanChat
import FanCoordinator
import Testing

@Test func coordinator_start_showsChat() {}
