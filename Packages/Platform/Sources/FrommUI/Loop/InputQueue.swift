/// What a ``TerminalLoop`` reads: input moves from the terminal into a queue as it arrives,
/// so an interrupt is seen at once, even while plain mode waits for work to settle, and wins
/// over the input queued before it.
@MainActor
final class InputQueue {
  private var queue: [Terminal.Input] = []
  private var ended = false
  private var waiting: CheckedContinuation<Void, Never>?
  private var reader: Task<Void, Never>?
  /// Ctrl-C, SIGTERM or SIGHUP arrived: the loop ends as soon as it looks.
  private(set) var interruptRequested = false

  /// Starts reading `input`.
  func start(_ input: AsyncStream<Terminal.Input>) {
    reader = Task { [weak self] in
      for await item in input {
        guard let self else { return }
        if item.endsTheLoop { self.interruptRequested = true }
        self.queue.append(item)
        self.wake()
      }
      self?.ended = true
      self?.wake()
    }
  }

  /// Stops reading.
  func stop() {
    reader?.cancel()
    reader = nil
  }

  /// The next input, or `nil` once input has ended and everything read was handled.
  func next() async -> Terminal.Input? {
    while queue.isEmpty {
      if ended || Task.isCancelled { return nil }
      await withTaskCancellationHandler {
        await withCheckedContinuation { waiting = $0 }
      } onCancel: {
        Task { @MainActor [weak self] in self?.wake() }
      }
    }
    if interruptRequested, let signal = queue.first(where: \.endsTheLoop) {
      queue.removeAll()
      return signal
    }
    return queue.removeFirst()
  }

  private func wake() {
    waiting?.resume()
    waiting = nil
  }
}
