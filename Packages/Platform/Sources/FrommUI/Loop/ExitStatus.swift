/// The exit statuses ``TerminalLoop/run()`` returns, as a shell script sees them.
///
/// ```sh
/// printf 'demo_fan\nfromm-demo-1\n' | fan --plain || echo "the script did not get through"
/// ```
public enum ExitStatus {
  /// Everything asked was done: the input ended (Ctrl-D on a terminal, the end of a pipe).
  public static let success: Int32 = 0
  /// Plain mode only: something the input asked for was refused (an error was shown, such as
  /// a wrong password or a message that could not be sent, or a line the screen did not
  /// understand), or the input ended while a form was still waiting for an answer.
  public static let refused: Int32 = 1
  /// Ctrl-C or SIGINT, as for any interrupted command (128 + 2).
  public static let interrupted: Int32 = 130
  /// SIGHUP (128 + 1).
  public static let hungUp: Int32 = 129
  /// SIGTERM (128 + 15).
  public static let terminated: Int32 = 143
}
