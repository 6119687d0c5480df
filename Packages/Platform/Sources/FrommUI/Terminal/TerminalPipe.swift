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
  private let written = Mutex("")

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

  /// Ends the input, like the end of a piped file.
  public func close() {
    continuation.finish()
  }

  /// Everything written to the terminal so far.
  public var output: String { written.withLock { $0 } }

  /// Waits until the output contains `text`, for at most `timeout`; returns whether it did.
  public func waitForOutput(containing text: String, timeout: Duration = .seconds(5)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if output.contains(text) { return true }
      try? await clock.sleep(for: .milliseconds(5))
    }
    return output.contains(text)
  }

  func write(_ text: String) {
    written.withLock { $0 += text }
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
      environment: environment
    )
    return (terminal, pipe)
  }
}
