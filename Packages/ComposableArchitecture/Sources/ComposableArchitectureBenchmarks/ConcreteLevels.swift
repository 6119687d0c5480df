import ComposableArchitecture

// Five concrete features, each scoping to the next, as an app's nested features are: (b).

struct Level5: Reducer {
  struct State: Equatable { var child = Counter.State() }
  enum Action: Equatable, CasePathable {
    case child(Counter.Action)

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Counter() }
  }
}

struct Level4: Reducer {
  struct State: Equatable { var child = Level5.State() }
  enum Action: Equatable, CasePathable {
    case child(Level5.Action)

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Level5.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level5() }
  }
}

struct Level3: Reducer {
  struct State: Equatable { var child = Level4.State() }
  enum Action: Equatable, CasePathable {
    case child(Level4.Action)

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Level4.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level4() }
  }
}

struct Level2: Reducer {
  struct State: Equatable { var child = Level3.State() }
  enum Action: Equatable, CasePathable {
    case child(Level3.Action)

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Level3.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level3() }
  }
}

struct Level1: Reducer {
  struct State: Equatable { var child = Level2.State() }
  enum Action: Equatable, CasePathable {
    case child(Level2.Action)

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Level2.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level2() }
  }
}
