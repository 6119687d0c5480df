import CommonKit
import Dispatch
import Foundation
import Synchronization

extension Terminal {
  /// The process's standard input and output.
  ///
  /// Standard input is read on a background thread, so the main actor keeps rendering while a
  /// read waits; SIGINT, SIGTERM and SIGHUP become input instead of killing the process,
  /// so the loop can cancel effects and restore the terminal. Interactive only when both standard input and
  /// standard output are terminals. Call it once per process.
  public static func standard() -> Terminal {
    let isTTY = isatty(0) == 1 && isatty(1) == 1
    // A reader that goes away (`fan | head`) must end the writes, not kill the process.
    signal(SIGPIPE, SIG_IGN)
    let environment = ProcessInfo.processInfo.environment
    let (stream, continuation) = AsyncStream.makeStream(of: Input.self)
    let signals = SignalForwarder(continuation: continuation)
    continuation.onTermination = { _ in signals.stop() }
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count > 0 {
          continuation.yield(.bytes(Array(buffer[0..<count])))
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          continuation.finish()
          return
        }
      }
    }
    reader.name = "FrommUI.stdin"
    reader.start()
    let mode = TerminalMode()
    let errors = ErrorCapture(continuation: continuation)
    return Terminal(
      input: stream,
      write: { StandardStreams.writeOutput($0) },
      isTTY: isTTY,
      size: { currentSize(environment: environment) },
      environment: environment,
      enterInteractiveMode: {
        mode.enterRaw()
        errors.start()
      },
      restore: {
        errors.stop()
        mode.restore()
      },
      suspend: {
        // Stops here until the shell's `fg` continues the process.
        kill(getpid(), SIGTSTP)
      },
      setEcho: { mode.setEcho($0) }
    )
  }

  private static func currentSize(environment: [String: String]) -> TerminalSize {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
    let columns = environment["COLUMNS"].flatMap(Int.init) ?? 80
    let rows = environment["LINES"].flatMap(Int.init) ?? 24
    return TerminalSize(columns: columns, rows: rows)
  }
}

/// Turns SIGINT, SIGTERM, SIGHUP and SIGWINCH into terminal input for as long as the input
/// stream lives.
///
/// A handler installed at once writes each signal's number to a pipe, which a thread reads: a
/// signal is never lost, whichever thread the kernel hands it to and however soon after launch
/// it comes (a dispatch source's handler is installed later, on its own queue, and a signal
/// ignored meanwhile is gone).
private final class SignalForwarder: Sendable {
  private static let inputs: [Int32: Terminal.Input] = [
    // SIGTERM and SIGHUP end the loop like Ctrl-C, so a killed app still restores the terminal.
    SIGINT: .interrupt, SIGTERM: .terminate, SIGHUP: .hangUp, SIGWINCH: .resize,
  ]

  init(continuation: AsyncStream<Terminal.Input>.Continuation) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    let readEnd = ends[0]
    signalPipeWriteEnd = ends[1]
    let reader = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        guard count == 1 else { return }
        if let input = Self.inputs[Int32(byte)] { continuation.yield(input) }
      }
    }
    reader.name = "FrommUI.signals"
    reader.start()
    for number in Self.inputs.keys { signal(number, forwardSignal) }
  }

  func stop() {
    for number in Self.inputs.keys { signal(number, SIG_DFL) }
  }
}

/// The write end of the pipe ``forwardSignal(_:)`` writes to; set once, before the handler is
/// installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: only async-signal-safe calls (`write`), and `errno` left as it was.
private func forwardSignal(_ number: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(signalPipeWriteEnd, &byte, 1)
  errno = savedErrno
}

/// Saves the terminal's settings, switches to character-at-a-time input without echo, and
/// puts the settings back.
private final class TerminalMode: Sendable {
  private let saved = Mutex<termios?>(nil)

  func enterRaw() {
    var original = termios()
    guard tcgetattr(0, &original) == 0 else { return }
    saved.withLock { $0 = original }
    var raw = original
    // No line buffering, echo or signal keys: the loop edits the line and reads Ctrl-C itself.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, &raw)
  }

  func restore() {
    guard var original = saved.withLock({ $0 }) else { return }
    tcsetattr(0, TCSANOW, &original)
  }

  /// Echo on or off, the terminal's line editing left as it is; the first call saves the
  /// settings that ``restore()`` puts back.
  func setEcho(_ isOn: Bool) {
    var settings = termios()
    guard isatty(0) == 1, tcgetattr(0, &settings) == 0 else { return }
    saved.withLock { if $0 == nil { $0 = settings } }
    if isOn {
      settings.c_lflag |= tcflag_t(ECHO)
    } else {
      settings.c_lflag &= ~tcflag_t(ECHO)
    }
    tcsetattr(0, TCSANOW, &settings)
  }
}

/// While the full-screen UI runs, sends what is written to standard error (a library's
/// warning) to the loop as ``Terminal/Input/warning(_:)`` instead of over the screen, and
/// writes what is still unread to the real standard error once the screen is given back.
private final class ErrorCapture: Sendable {
  private struct Capture {
    var savedError: Int32
    var finished: DispatchSemaphore
  }

  private let continuation: AsyncStream<Terminal.Input>.Continuation
  private let capture = Mutex<Capture?>(nil)
  private let captured = Mutex<[String]>([])

  init(continuation: AsyncStream<Terminal.Input>.Continuation) {
    self.continuation = continuation
  }

  func start() {
    var ends: [Int32] = [0, 0]
    guard capture.withLock({ $0 == nil }), pipe(&ends) == 0 else { return }
    let savedError = dup(2)
    guard savedError >= 0, dup2(ends[1], 2) >= 0 else {
      close(ends[0])
      close(ends[1])
      if savedError >= 0 { close(savedError) }
      return
    }
    close(ends[1])
    let readEnd = ends[0]
    let continuation = self.continuation
    let finished = DispatchSemaphore(value: 0)
    let reader = Thread { [self] in
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        pending += buffer[0..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[..<newline], as: UTF8.self)
          pending.removeFirst(newline + 1)
          self.captured.withLock { $0.append(line) }
          continuation.yield(.warning(line))
        }
      }
      if !pending.isEmpty {
        self.captured.withLock { $0.append(String(decoding: pending, as: UTF8.self)) }
      }
      close(readEnd)
      finished.signal()
    }
    reader.name = "FrommUI.stderr"
    capture.withLock { $0 = Capture(savedError: savedError, finished: finished) }
    reader.start()
  }

  /// Puts standard error back and writes there what was captured, so nothing is lost with
  /// the screen.
  func stop() {
    guard
      let current = capture.withLock({ value -> Capture? in
        defer { value = nil }
        return value
      })
    else { return }
    // Closing the pipe's last write end lets the reader drain it and finish.
    dup2(current.savedError, 2)
    close(current.savedError)
    _ = current.finished.wait(timeout: .now() + .milliseconds(200))
    let lines = captured.withLock { lines -> [String] in
      defer { lines = [] }
      return lines
    }
    for line in lines { StandardStreams.writeError(line + "\n") }
  }
}
