import ComposableArchitecture
import Testing

@testable import AppFeature

@Test func app() {}
