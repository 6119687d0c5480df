import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct RecordingTests {
  /// SyncUps' `testRecording`: with an immediate clock the meeting's time is up at once, the
  /// recorder pops itself, and the timer of the popped screen sends nothing after that.
  @Test func recorder_immediateClock_popsItselfAndItsTimerStopsWithIt() async {
    let store = TestStore(
      initialState: MeetingsApp.State(
        path: StackState([.detail(MeetingDetail.State()), .record(RecordMeeting.State())]))
    ) {
      MeetingsApp()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.exhaustivity = .off

    await store.send(.path(.element(id: 1, action: .record(.onTask))))
    await store.receive(.path(.popFrom(id: 1))) {
      #expect($0.path.count == 1)
    }
    await store.finish()
  }

  /// The same, exhaustively: six ticks, the save, then the pop and nothing more.
  @Test func recorder_immediateClock_ticksUntilTheMeetingEndsThenPops() async {
    let store = TestStore(
      initialState: MeetingsApp.State(path: StackState([.record(RecordMeeting.State())]))
    ) {
      MeetingsApp()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }

    await store.send(.path(.element(id: 0, action: .record(.onTask))))
    for second in 1...6 {
      await store.receive(.path(.element(id: 0, action: .record(.timerTick)))) {
        $0.path[id: 0, case: \.record]?.secondsElapsed = second
        $0.path[id: 0, case: \.record]?.speakerIndex = min(second / 2, 2)
        $0.path[id: 0, case: \.record]?.meetingsSaved = second == 6 ? 1 : 0
      }
    }
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
  }
}
