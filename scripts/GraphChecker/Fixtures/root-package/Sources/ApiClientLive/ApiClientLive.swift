import ApiClient
import ComposableArchitecture

public let live = ApiClient()
