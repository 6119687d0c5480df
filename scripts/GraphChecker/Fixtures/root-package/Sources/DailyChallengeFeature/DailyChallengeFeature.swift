import ComposableArchitecture

@testable import SharedModels

public struct DailyChallenge {}
