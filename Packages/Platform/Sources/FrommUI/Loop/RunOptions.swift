import ComposableArchitecture

/// How a ``TerminalLoop`` decides that work has settled in plain mode.
///
/// A script piped into an app must not type its next line while the previous one is still
/// being answered. Before each line and before exiting at end of input, plain mode waits until
/// the effects started by earlier input have finished, no progress indicator is shown and the
/// state has stayed unchanged for ``quietPeriod``. Effects that never end (a subscription to a
/// room's messages) stop being waited for once the state has been unchanged for
/// ``idleTimeout`` while no progress indicator is shown; nothing waits longer than
/// ``maximumWait``.
public struct RunOptions: Sendable {
  /// How long the state must stay unchanged after the effects finished.
  public var quietPeriod: Duration
  /// How long to keep waiting for effects that run on without changing anything.
  public var idleTimeout: Duration
  /// The longest wait, even while a progress indicator is shown.
  public var maximumWait: Duration
  /// Whether input that the view does not understand shows a notice.
  public var reportsUnhandledInput: Bool
  /// Whether runtime issues (an unimplemented dependency, an effect's unhandled error) are
  /// shown as an error banner instead of going to the process's issue reporter. Off by default
  /// in a test process, so that an issue still fails the test.
  public var showsIssuesOnScreen: Bool
  /// A remark from before the loop started (a corrupt saved session set aside), shown in the
  /// status line of the full screen, which would hide it on standard error; `nil` for none.
  public var notice: String?
  /// The app's name for the terminal's title (`fan — 3 unread`), which the full screen sets as
  /// the screen's ``Screen/unread`` count changes, ringing the bell (BEL) when it grows: news
  /// in a room that is not open. `nil` (a `--quiet` app, a test) sets no title and rings nothing.
  public var attention: String?

  /// Creates options; the defaults suit scripts driving an app with the embedded backend.
  public init(
    quietPeriod: Duration = .milliseconds(10),
    idleTimeout: Duration = .milliseconds(500),
    maximumWait: Duration = .seconds(30),
    reportsUnhandledInput: Bool = true,
    showsIssuesOnScreen: Bool = DependencyValues().context != .test
  ) {
    self.quietPeriod = quietPeriod
    self.idleTimeout = idleTimeout
    self.maximumWait = maximumWait
    self.reportsUnhandledInput = reportsUnhandledInput
    self.showsIssuesOnScreen = showsIssuesOnScreen
  }
}
