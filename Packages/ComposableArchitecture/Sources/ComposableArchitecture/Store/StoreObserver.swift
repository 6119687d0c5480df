/// The engine behind ``Store/observe(_:)``: runs a body, records what it read from stores, and
/// runs it again after a send that changed any of it.
///
/// A store's core compares each value that observers read once after every send, however many
/// observers read it, and counts its changes (``StateObservation/version``); each observer then
/// compares the versions it saw with the current ones. Nothing is re-armed between changes and
/// the Observation framework is not involved, so its cost per change (registering accesses,
/// making and discarding an observation) is not paid either.
///
/// Its state is touched on the main actor only and never by the body, so it skips the runtime's
/// exclusivity checks (`@exclusivity(unchecked)`), which cost more than the rest of a check.
@MainActor
final class StoreObserver {
  /// The observer whose body is running: reads made through a store while it is set are
  /// recorded by it.
  @exclusivity(unchecked) static var current: StoreObserver?

  private let body: @MainActor () -> Void
  /// What the body read on its last run, in the order it read it.
  @exclusivity(unchecked) private var reads: [TrackedRead] = []
  /// How many of `reads` the running body has read again so far.
  @exclusivity(unchecked) private var cursor = 0
  /// The cores of the stores read from, told to stop checking this observer when it is
  /// cancelled.
  @exclusivity(unchecked) private var cores: [WeakCore] = []
  @exclusivity(unchecked) private var isRunning = false
  /// A send happened while the body was running: what it read may already be stale.
  @exclusivity(unchecked) private var sentWhileRunning = false
  @exclusivity(unchecked) private(set) var isCancelled = false

  init(_ body: @escaping @MainActor () -> Void) {
    self.body = body
  }

  /// Runs the body, recording what it reads.
  func run() {
    guard !isCancelled else { return }
    isRunning = true
    repeat {
      sentWhileRunning = false
      let outer = Self.current
      Self.current = self
      cursor = 0
      body()
      Self.current = outer
      // What the body did not read this time is no longer its concern.
      if cursor < reads.count { forgetReads(from: cursor) }
    } while sentWhileRunning && !isCancelled && hasChanged()
    isRunning = false
  }

  /// Runs the body again when a value it read has changed; called by a core after each send,
  /// once the core has compared the values its observers read.
  func runIfChanged() {
    guard !isCancelled else { return }
    // A send made by the body itself: it finishes first, then checks again (see `run`).
    guard !isRunning else {
      sentWhileRunning = true
      return
    }
    if hasChanged() { run() }
  }

  private func hasChanged() -> Bool {
    for read in reads where read.observation.version != read.version { return true }
    return false
  }

  /// Records that the running body read `observation`, a read of a store of `core`.
  func record(_ observation: StateObservation, core: any StoreCoreProtocol) {
    // A body that cancelled its own observation and reads on: nothing to follow any more.
    guard !isCancelled else { return }
    defer { cursor += 1 }
    // A body usually reads the same things in the same order each time: only the version moves.
    if cursor < reads.count, reads[cursor].observation === observation {
      reads[cursor].version = observation.version
      return
    }
    Self.startObserving(observation, core: core)
    let read = TrackedRead(observation: observation, version: observation.version)
    if cursor < reads.count {
      Self.stopObserving(reads[cursor].observation)
      reads[cursor] = read
    } else {
      reads.append(read)
    }
    if !cores.contains(where: { $0.id == ObjectIdentifier(core) }) {
      cores.append(WeakCore(core))
      core.addObserver(self)
    }
  }

  /// Stops running the body and leaves every core it was checked by.
  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    forgetReads(from: 0)
    for core in cores { core.value?.removeObserver(self) }
    cores = []
  }

  private func forgetReads(from index: Int) {
    for read in reads[index...] { Self.stopObserving(read.observation) }
    reads.removeSubrange(index...)
  }

  /// Counts one more observer of `observation`; the first makes `core` compare it after each
  /// send.
  private static func startObserving(_ observation: StateObservation, core: any StoreCoreProtocol) {
    observation.observerCount += 1
    guard observation.observerCount == 1 else { return }
    observation.resetObservedValue()
    observation.observingCore = core
    core.startComparing(observation)
  }

  /// Counts one observer less of `observation`; after the last, its core stops comparing it.
  private static func stopObserving(_ observation: StateObservation) {
    observation.observerCount -= 1
    guard observation.observerCount == 0 else { return }
    observation.observingCore?.stopComparing(observation)
    observation.observingCore = nil
  }
}

/// A core an observer read from, held weakly: observing a store does not keep it alive.
@MainActor
private struct WeakCore {
  let id: ObjectIdentifier
  weak var value: (any StoreCoreProtocol)?

  init(_ core: any StoreCoreProtocol) {
    self.id = ObjectIdentifier(core)
    self.value = core
  }
}
