import ComposableArchitecture
import Foundation

/// One todo: a description to edit and a box to tick.
struct Todo: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var description = ""
    let id: UUID
    var isComplete = false
  }

  enum Action: BindableAction, Sendable, CasePathable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
