import ComposableArchitecture
import Testing

/// Records where its effects ran and how far they got.
struct Probe: Reducer {
  struct State: Equatable {
    var ranOn: String?
    var log: [String] = []
  }

  enum Action: Equatable {
    case startWithoutSuspending
    case startSuspending
    case startNested
    case ranOn(String)
    case step(String)
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startWithoutSuspending:
      state.log.append("start")
      return .run { send in
        await send(.ranOn(isolationName()))
        await send(.step("effect"))
      }
    case .startSuspending:
      return .run { send in
        await Task.yield()
        await send(.ranOn(isolationName()))
      }
    case .startNested:
      return .run { send in
        // Work in a dependency-like plain async function leaves the main actor; the effect
        // comes back to it afterwards.
        let worker = await workerIsolation()
        await send(.step(worker))
        await send(.ranOn(isolationName()))
      }
    case .ranOn(let name):
      state.ranOn = name
      return .none
    case .step(let name):
      state.log.append(name)
      return .none
    }
  }
}

/// The type of the actor the caller is isolated to, or "none".
func isolationName(_ isolation: isolated (any Actor)? = #isolation) -> String {
  isolation.map { "\(type(of: $0))" } ?? "none"
}

/// Where an ordinary (not caller-isolated) async function runs, as a dependency's does.
@concurrent func workerIsolation() async -> String {
  isolationName()
}

/// Presents a ``Probe``, whose effects then run through the presentation reducer.
struct ProbePresenter: Reducer {
  struct State: Equatable {
    @PresentationState var probe: Probe.State?
  }

  enum Action: Equatable, CasePathable {
    case probe(PresentationAction<Probe.Action>)

    struct AllCasePaths: Sendable {
      var probe: AnyCasePath<Action, PresentationAction<Probe.Action>> {
        AnyCasePath(Action.probe) { if case .probe(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$probe, action: \.probe) { Probe() }
  }
}

@MainActor
struct EffectExecutionTests {
  @Test func run_effectThatNeverSuspends_startsOnTheMainActorsNextTurnAfterSendReturns() async {
    let core = StoreCore(initialState: Probe.State(), reducer: Probe(), dependencies: DependencyValues())
    let task = core.send(.startWithoutSuspending)
    // One code path on every platform: no `Task.immediate` on macOS/iOS 26 that would have run
    // the effect within `send`.
    #expect(core.state.log == ["start"])
    #expect(core.state.ranOn == nil)
    #expect(core.inFlightCount == 1)
    await task?.value
    #expect(core.state.ranOn == "MainActor")
    #expect(core.state.log == ["start", "effect"])
    #expect(core.inFlightCount == 0)
  }

  @Test func send_rightAfterAnActionThatStartedAnEffect_isReducedBeforeTheEffectSends() async {
    // A feature that expects an effect's first action in the state `send` leaves (a view reading
    // it right after sending) fails here, whatever the platform.
    let store = Store(initialState: Probe.State()) { Probe() }
    let effect = store.send(.startWithoutSuspending)
    store.send(.step("next input"))
    #expect(store.state.log == ["start", "next input"])
    await effect.finish()
    #expect(store.state.log == ["start", "next input", "effect"])
  }

  @Test func run_effectThatSuspends_runsOnMainActorAndIsUntrackedWhenDone() async {
    let core = StoreCore(initialState: Probe.State(), reducer: Probe(), dependencies: DependencyValues())
    let task = core.send(.startSuspending)
    #expect(core.inFlightCount == 1)
    await task?.value
    #expect(core.state.ranOn == "MainActor")
    #expect(core.inFlightCount == 0)
  }

  @Test func run_awaitingPlainAsyncWork_leavesMainActorForItOnly() async {
    let store = Store(initialState: Probe.State()) { Probe() }
    await store.send(.startNested).finish()
    #expect(store.state.log == ["none"])
    #expect(store.state.ranOn == "MainActor")
  }

  @Test func run_presentedChildEffect_runsOnMainActorToo() async {
    let store = Store(initialState: ProbePresenter.State(probe: Probe.State())) { ProbePresenter() }
    await store.send(.probe(.presented(.startSuspending))).finish()
    #expect(store.state.probe?.ranOn == "MainActor")
  }

  @Test func withDependenciesAndIssueReporter_async_keepTheCallersActor() async {
    // Each operation suspends first: the question is where it resumes.
    let inDependencies = await withDependencies { _ in
    } operation: {
      await Task.yield()
      return isolationName()
    }
    let inReporter = await withIssueReporter(IssueCollector()) {
      await Task.yield()
      return isolationName()
    }
    #expect(inDependencies == "MainActor")
    #expect(inReporter == "MainActor")
  }

  @Test func cancel_afterAnEffectWithThatIDFinished_stillCancelsLaterEffectsWithThatID() async {
    enum Action: Equatable { case quick, long, stop, done }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { count, action in
        switch action {
        case .quick: return .run { send in await send(.done) }.cancellable(id: "probe")
        case .long: return .run { _ in try await Task.never() }.cancellable(id: "probe")
        case .stop: return .cancel(id: "probe")
        case .done:
          count += 1
          return .none
        }
      }
    }
    await store.send(.quick).finish()
    #expect(store.state == 1)
    let long = store.send(.long)
    #expect(!long.isCancelled)
    store.send(.stop)
    await long.finish()
    #expect(long.isCancelled)
  }
}
