import ComposableArchitecture

/// TCA's classic example: a counter with a number-fact button whose answer shows in an alert.
struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: TestDependencyKey {
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

struct NumberFactFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var alert: String?
    var isLoading = false
  }

  enum Action: Equatable, CasePathable {
    case decrementButtonTapped
    case incrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(Result<String, FactError>)
    case alertDismissed

    struct AllCasePaths: Sendable {
      var numberFactResponse: AnyCasePath<Action, Result<String, FactError>> {
        AnyCasePath(Action.numberFactResponse) {
          if case .numberFactResponse(let value) = $0 { value } else { nil }
        }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  struct FactError: Error, Equatable {}

  @Dependency(\.numberFact) var numberFact
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .numberFactButtonTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          // The fact service is slow on purpose, so the test advances a clock instead of waiting.
          try await clock.sleep(for: .seconds(1))
          do {
            await send(.numberFactResponse(.success(try await numberFact.fetch(count))))
          } catch {
            await send(.numberFactResponse(.failure(FactError())))
          }
        }
      case .numberFactResponse(.success(let fact)):
        state.isLoading = false
        state.alert = fact
        return .none
      case .numberFactResponse(.failure):
        state.isLoading = false
        state.alert = "Could not load a number fact :("
        return .none
      case .alertDismissed:
        state.alert = nil
        return .none
      }
    }
  }
}
