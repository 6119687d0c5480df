import ComposableArchitecture
import GameFeature
import Styleguide

public struct Home {}
