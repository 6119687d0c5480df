import Testing

@testable import GameCore

@Test func game() {}
