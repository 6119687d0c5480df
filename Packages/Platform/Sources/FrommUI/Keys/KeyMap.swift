/// The keys and slash commands of both fromm apps, defined once so that a key means the same on
/// every screen of either app: `r` reloads and `o` signs out wherever they are offered, `/back`
/// (or Escape) leaves a screen, and `/help` lists what the screen in front answers to.
///
/// Views pick the entries their screen offers; the table is documented in `Apps/README.md`.
public enum KeyMap {
  /// `/help` (or `?`): what the screen in front answers to. The run loop answers it (see
  /// ``TerminalLoop``) when the view does not.
  public static let help = KeyBinding(command: "help", key: "?", title: "Keys and commands here")
  /// `/back`, `b` or Escape: leave the screen.
  public static let back = KeyBinding(command: "back", key: "b", escape: true, title: "Back")
  /// `/reload` or `r`: read the screen's data again.
  public static let reload = KeyBinding(command: "reload", key: "r", title: "Reload")
  /// `/older`: read the messages before the oldest read (PageUp too, once the oldest is shown).
  public static let older = KeyBinding(command: "older", title: "Older messages")
  /// `/retry`: send again what failed and was kept.
  public static let retry = KeyBinding(command: "retry", title: "Try again")
  /// `/delete`: delete your newest message in the room (the screen asks first).
  public static let delete = KeyBinding(command: "delete", title: "Delete your last message (asks first)")
  /// `/search TEXT`: find the room's messages containing TEXT, on the server.
  public static let search = KeyBinding(
    command: "search", argument: "TEXT", title: "Find the room's messages containing TEXT")
  /// `/edit` or `e`: start editing.
  public static let edit = KeyBinding(command: "edit", key: "e", title: "Edit")
  /// `/save` or `s`: save what was edited.
  public static let save = KeyBinding(command: "save", key: "s", title: "Save")
  /// `/cancel`, `c` or Escape: stop editing and keep what was there.
  public static let cancel = KeyBinding(command: "cancel", key: "c", escape: true, title: "Cancel")
  /// `/signout` or `o`: sign out.
  public static let signOut = KeyBinding(command: "signout", key: "o", title: "Sign out")
  /// `/profile` or `p`: show the profile.
  public static let profile = KeyBinding(command: "profile", key: "p", title: "Profile")
  /// `/room`: show the room.
  public static let room = KeyBinding(command: "room", title: "Room")
  /// `/fans`: show the artist's fans, each with their replies.
  public static let fans = KeyBinding(command: "fans", title: "Fans and their replies")
  /// `/next`: go on to the next step (a command only: where it is offered a line is an answer).
  public static let next = KeyBinding(command: "next", title: "Next")
  /// `/login` or `l`: start signing in.
  public static let logIn = KeyBinding(command: "login", key: "l", title: "Log in")
  /// `/signup`: create an account instead of signing in.
  public static let signUp = KeyBinding(command: "signup", title: "Create an account")
  /// `/signin`: sign in to an existing account instead.
  public static let signIn = KeyBinding(command: "signin", title: "I have an account")
  /// `/sub N` (or `/subscribe N`): subscribe to the artist numbered or named N.
  public static let subscribe = KeyBinding(
    command: "sub", aliases: ["subscribe"], argument: "N", title: "Subscribe to artist N")
  /// `/unsub N` (or `/unsubscribe N`): unsubscribe from artist N.
  public static let unsubscribe = KeyBinding(
    command: "unsub", aliases: ["unsubscribe"], argument: "N", title: "Unsubscribe from artist N")
  /// `/open N`: open artist N's room (a number or a username alone does it too).
  public static let open = KeyBinding(command: "open", argument: "N", title: "Open artist N's room")
  /// `/name …`: the new display name, while editing.
  public static let name = KeyBinding(command: "name", argument: "…", title: "New display name")
  /// `/status …`: the new status message, while editing.
  public static let status = KeyBinding(command: "status", argument: "…", title: "New status message")

  /// Every entry, in the order `Apps/README.md` lists them.
  public static let all: [KeyBinding] = [
    help, back, reload, older, retry, delete, search, edit, save, cancel, signOut, profile, room, fans, next,
    logIn,
    signUp,
    signIn,
    subscribe, unsubscribe, open, name, status,
  ]
}
