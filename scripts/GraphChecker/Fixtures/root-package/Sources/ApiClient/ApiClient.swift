import ComposableArchitecture
import SharedModels

public struct ApiClient {}
