import ApiClinet
import ComposableArchitecture

public struct Onboarding {}
