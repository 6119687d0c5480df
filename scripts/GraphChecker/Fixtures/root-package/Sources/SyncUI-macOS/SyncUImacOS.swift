import ComposableArchitecture

public struct SyncView {}
