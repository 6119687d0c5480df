import ComposableArchitecture

/// SyncUps' meeting recorder: a timer moves from speaker to speaker, and the screen closes
/// itself when the meeting's time is up.
struct RecordMeeting: Reducer {
  struct State: Equatable {
    var attendees = 3
    var durationInSeconds = 6
    var secondsElapsed = 0
    var speakerIndex = 0
    var meetingsSaved = 0
  }

  enum Action: Equatable {
    case onTask
    case timerTick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onTask:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.timerTick)
        }
      }
    case .timerTick:
      state.secondsElapsed += 1
      let secondsPerAttendee = state.durationInSeconds / state.attendees
      guard state.secondsElapsed.isMultiple(of: secondsPerAttendee) else { return .none }
      if state.secondsElapsed == state.durationInSeconds {
        state.meetingsSaved += 1
        return .run { _ in await dismiss() }
      }
      state.speakerIndex += 1
      return .none
    }
  }
}

/// The sync-up's detail screen, under the recorder; it has no logic here.
struct MeetingDetail: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case editButtonTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// The app's navigation stack: a detail, and the recorder pushed above it.
struct MeetingsApp: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, CasePathable {
    case path(StackActionOf<Path>)

    struct AllCasePaths: Sendable {
      var path: AnyCasePath<Action, StackActionOf<Path>> {
        AnyCasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  struct Path: Reducer {
    enum State: Equatable, CasePathable {
      case detail(MeetingDetail.State)
      case record(RecordMeeting.State)

      struct AllCasePaths: Sendable {
        var detail: AnyCasePath<State, MeetingDetail.State> {
          AnyCasePath(State.detail) { if case .detail(let state) = $0 { state } else { nil } }
        }
        var record: AnyCasePath<State, RecordMeeting.State> {
          AnyCasePath(State.record) { if case .record(let state) = $0 { state } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    enum Action: Equatable, CasePathable {
      case detail(MeetingDetail.Action)
      case record(RecordMeeting.Action)

      struct AllCasePaths: Sendable {
        var detail: AnyCasePath<Action, MeetingDetail.Action> {
          AnyCasePath(Action.detail) { if case .detail(let action) = $0 { action } else { nil } }
        }
        var record: AnyCasePath<Action, RecordMeeting.Action> {
          AnyCasePath(Action.record) { if case .record(let action) = $0 { action } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { MeetingDetail() }
      Scope(state: \.record, action: \.record) { RecordMeeting() }
    }
  }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .forEach(\.path, action: \.path) { Path() }
  }
}
