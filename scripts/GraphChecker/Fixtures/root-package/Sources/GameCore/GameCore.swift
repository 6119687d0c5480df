// The game's reducer uses TCA without declaring it: the most common implicit dependency.
import ComposableArchitecture
import SharedModels

@Reducer public struct Game {}
