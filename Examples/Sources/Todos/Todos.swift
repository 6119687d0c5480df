import ComposableArchitecture
import Foundation

/// Which todos the list shows.
enum Filter: String, CaseIterable, Hashable, Sendable {
  case all = "All"
  case active = "Active"
  case completed = "Completed"
}

/// A list of todos: add, edit, tick, delete, reorder, filter, and clear the completed ones.
/// Completed todos sink below the others a moment after they are ticked.
struct Todos: Reducer {
  struct State: Equatable, Sendable {
    var editMode: EditMode = .inactive
    var filter: Filter = .all
    var todos: IdentifiedArrayOf<Todo.State> = []

    /// The todos the filter shows, in the list's order.
    var filteredTodos: IdentifiedArrayOf<Todo.State> {
      switch filter {
      case .all: todos
      case .active: todos.filter { !$0.isComplete }
      case .completed: todos.filter(\.isComplete)
      }
    }
  }

  enum Action: BindableAction, Sendable, CasePathable {
    case addTodoButtonTapped
    case binding(BindingAction<State>)
    case clearCompletedButtonTapped
    /// Offsets in the filtered list.
    case delete(IndexSet)
    /// Offsets in the filtered list, and the offset to move them to.
    case move(IndexSet, Int)
    case sortCompletedTodos
    case todos(IdentifiedActionOf<Todo>)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid
  private enum CancelID { case todoCompletion }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addTodoButtonTapped:
        state.todos.insert(Todo.State(id: uuid()), at: 0)
        return .none

      case .binding:
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case .delete(let offsets):
        let shown = state.filteredTodos
        for offset in offsets {
          state.todos.remove(id: shown[offset].id)
        }
        return .none

      case .move(var source, var destination):
        // The offsets are the filtered list's; while only completed todos show, translate them
        // to offsets in the whole list.
        if state.filter == .completed {
          let shown = state.filteredTodos
          source = IndexSet(source.compactMap { state.todos.index(id: shown[$0].id) })
          destination =
            destination < shown.endIndex
            ? state.todos.index(id: shown[destination].id) ?? destination
            : state.todos.endIndex
        }
        state.todos.move(fromOffsets: source, toOffset: destination)
        return .run { send in
          try await clock.sleep(for: .milliseconds(100))
          await send(.sortCompletedTodos)
        }

      case .sortCompletedTodos:
        state.todos.sort { $1.isComplete && !$0.isComplete }
        return .none

      case .todos(.element(id: _, action: .binding(\.isComplete))):
        // Ticking several todos in a row sorts once, a second after the last.
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) {
      Todo()
    }
  }
}
