import Synchronization

/// The far end of an in-memory ``Terminal``: types input into it and reads what it printed.
///
/// ```swift
/// let (terminal, pipe) = Terminal.inMemory()
/// pipe.type("+\n")
/// pipe.close()
/// let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()
/// print(pipe.output)
/// ```
public final class TerminalPipe: Sendable {
  private let continuation: AsyncStream<Terminal.Input>.Continuation
  private let written = Mutex(Output())
  private let echo = Mutex(true)
  private let suspended = Mutex(0)

  init(continuation: AsyncStream<Terminal.Input>.Continuation) {
    self.continuation = continuation
  }

  /// Sends `text` as if typed (or piped) into standard input.
  public func type(_ text: String) {
    continuation.yield(.bytes(Array(text.utf8)))
  }

  /// Sends raw bytes, such as an arrow key's escape sequence.
  public func send(bytes: [UInt8]) {
    continuation.yield(.bytes(bytes))
  }

  /// Sends Ctrl-C.
  public func interrupt() {
    continuation.yield(.interrupt)
  }

  /// Sends SIGTERM.
  public func terminate() {
    continuation.yield(.terminate)
  }

  /// Sends SIGHUP.
  public func hangUp() {
    continuation.yield(.hangUp)
  }

  /// Sends a line written to standard error by a library.
  public func warn(_ line: String) {
    continuation.yield(.warning(line))
  }

  /// Whether the terminal's echo is on: the last value the loop set, `true` at first.
  public var isEchoing: Bool { echo.withLock { $0 } }

  /// How many times the loop suspended the process (Ctrl-Z).
  public var suspensions: Int { suspended.withLock { $0 } }

  /// Ends the input, like the end of a piped file.
  public func close() {
    continuation.finish()
  }

  /// Everything written to the terminal so far.
  public var output: String { written.withLock { $0.text } }

  /// Waits until the output contains `text`; returns whether it did. It is woken by the write
  /// that brings `text`; `timeout` only ends the wait of a loop that hangs, so make it generous.
  public func waitForOutput(containing text: String, timeout: Duration = .seconds(60)) async -> Bool {
    let id = written.withLock { output in
      output.nextWaiter += 1
      return output.nextWaiter
    }
    let hung = Task {
      try await Task.sleep(for: timeout)
      let waiter = written.withLock { output in
        // Not waiting yet: the wait ends as soon as it starts.
        if output.waiters[id] == nil { output.expired.insert(id) }
        return output.waiters.removeValue(forKey: id)
      }
      waiter?.continuation.resume(returning: false)
    }
    defer { hung.cancel() }
    return await withCheckedContinuation { continuation in
      let outcome = written.withLock { output -> Bool? in
        if output.text.contains(text) { return true }
        if output.expired.remove(id) != nil { return false }
        output.waiters[id] = (text, continuation)
        return nil
      }
      if let outcome { continuation.resume(returning: outcome) }
    }
  }

  func write(_ text: String) {
    let found = written.withLock { output in
      output.text += text
      let found = output.waiters.filter { output.text.contains($0.value.text) }
      for id in found.keys { output.waiters[id] = nil }
      return found.values.map(\.continuation)
    }
    for continuation in found { continuation.resume(returning: true) }
  }

  /// What was written, and who waits for what.
  private struct Output {
    var text = ""
    var waiters: [Int: (text: String, continuation: CheckedContinuation<Bool, Never>)] = [:]
    var nextWaiter = 0
    /// Waits whose time ran out before they started.
    var expired: Set<Int> = []
  }

  func setEcho(_ isOn: Bool) {
    echo.withLock { $0 = isOn }
  }

  func suspend() {
    suspended.withLock { $0 += 1 }
  }
}

extension Terminal {
  /// A terminal in memory, and the pipe that drives it: plain mode unless `isTTY`.
  public static func inMemory(
    isTTY: Bool = false,
    size: TerminalSize = TerminalSize(columns: 80, rows: 24),
    environment: [String: String] = [:]
  ) -> (terminal: Terminal, pipe: TerminalPipe) {
    let (stream, continuation) = AsyncStream.makeStream(of: Input.self)
    let pipe = TerminalPipe(continuation: continuation)
    let terminal = Terminal(
      input: stream,
      write: { pipe.write($0) },
      isTTY: isTTY,
      size: { size },
      environment: environment,
      suspend: { pipe.suspend() },
      setEcho: { pipe.setEcho($0) }
    )
    return (terminal, pipe)
  }
}
