extension StoreCore {
  /// Checks `observation` after each send from now on, until its value changes.
  func watch(_ observation: StateObservation) {
    watched.append(observation)
  }

  /// Checks `observer` after each send from now on, until it is removed.
  func addObserver(_ observer: StoreObserver) {
    observers.append(observer)
  }

  /// Stops checking `observer`.
  func removeObserver(_ observer: StoreObserver) {
    observers.removeAll { $0 === observer }
  }

  /// Compares the value of `observation` after each send, for the observers that read it.
  func startComparing(_ observation: StateObservation) {
    observedByObservers.append(observation)
  }

  /// Stops comparing `observation`: no observer reads it any more.
  func stopComparing(_ observation: StateObservation) {
    observedByObservers.removeAll { $0 === observation }
  }

  /// Tells the observers of each watched read whose value changed, and runs each
  /// ``StoreObserver`` whose reads changed, then processes the actions they sent meanwhile, and
  /// checks again until none are left.
  ///
  /// Each read is compared with the value it had when read, so a change that no observer read
  /// notifies none. Kept out of line: a send that nobody watches never runs it.
  @inline(never)
  func notifyObservers(into tasks: inout EffectTasks) {
    repeat {
      if !observers.isEmpty {
        // Each value once, then each observer compares versions. The values by index, since
        // reading them runs no observer and iterating a copy would retain it; the observers
        // from a copy, since a body may start or cancel observers, and read new values.
        var index = 0
        while index < observedByObservers.count {
          observedByObservers[index].refreshObservedValue()
          index += 1
        }
        for observer in observers { observer.runIfChanged() }
      }
      // Observers may read the store again while being told, which appends to `watched`:
      // compact the entries present at the start in place and keep those appended after them.
      let count = watched.count
      var kept = 0
      for index in 0..<count {
        guard watched[index].notifyIfChanged() else { continue }
        if kept != index { watched.swapAt(kept, index) }
        kept += 1
      }
      if kept < count { watched.removeSubrange(kept..<count) }
      guard hasQueuedActions else { return }
      processQueue(into: &tasks)
    } while !watched.isEmpty || !observers.isEmpty
  }
}
