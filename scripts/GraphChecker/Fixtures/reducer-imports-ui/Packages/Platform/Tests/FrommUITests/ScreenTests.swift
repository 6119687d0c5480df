import FrommUI
import Testing

@Test func screen_exists() {}
