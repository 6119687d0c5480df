import ComposableArchitecture
import Styleguide

public struct Settings {}
