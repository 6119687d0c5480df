/// The API's paths, filled in from ``APIRoute``'s patterns (the one definition the backend's
/// router also uses), so clients and the backend cannot drift apart.
///
/// See `Packages/DataModel/README.md` for methods, bodies and error codes.
///
/// ```swift
/// WireRequest(method: "GET", path: APIPaths.messages(artistID: 3), query: ["after": "120"])
/// ```
public enum APIPaths {
  /// `GET`: liveness check, no session needed.
  public static let health = APIRoute.health.path()
  /// `POST` ``CheckAccountRequest``-style body: does a username exist?
  public static let checkAccount = APIRoute.checkAccount.path()
  /// `POST`: create an account and a session.
  public static let signUp = APIRoute.signUp.path()
  /// `POST`: create a session.
  public static let signIn = APIRoute.signIn.path()
  /// `POST`: revoke the current session.
  public static let signOut = APIRoute.signOut.path()
  /// `GET`: the current session.
  public static let session = APIRoute.session.path()
  /// `GET`: every artist, with the caller's subscription and unread count.
  public static let artists = APIRoute.listArtists.path()
  /// `GET`: one artist.
  public static func artist(artistID: AccountID) -> String {
    APIRoute.showArtist.path(["artistId": "\(artistID)"])
  }
  /// `PUT` subscribes, `DELETE` unsubscribes (fans only).
  public static func subscription(artistID: AccountID) -> String {
    APIRoute.subscribe.path(["artistId": "\(artistID)"])
  }
  /// `GET`: the fans who subscribe to the artist (that artist only).
  public static func subscribers(artistID: AccountID) -> String {
    APIRoute.listSubscribers.path(["artistId": "\(artistID)"])
  }
  /// `GET` messages after a cursor, `POST` a new message, in the artist's room.
  public static func messages(artistID: AccountID) -> String {
    APIRoute.listMessages.path(["artistId": "\(artistID)"])
  }
  /// `DELETE` one message of the artist's room: its author only, and again after it is gone.
  public static func message(artistID: AccountID, messageID: MessageID) -> String {
    APIRoute.deleteMessage.path(["artistId": "\(artistID)", "messageId": "\(messageID)"])
  }
  /// `GET` the newest messages before an id, to page back through the artist's room.
  public static func history(artistID: AccountID) -> String {
    APIRoute.listHistory.path(["artistId": "\(artistID)"])
  }
  /// `GET` the newest messages before an id whose text contains `q` (`HistoryPage`), to page
  /// back through the artist's room's matches.
  public static func search(artistID: AccountID) -> String {
    APIRoute.searchMessages.path(["artistId": "\(artistID)"])
  }
  /// `GET` the caller's rooms with news after a cursor; with `wait`, held until news arrives.
  public static let activity = APIRoute.listActivity.path()
  /// `GET` or `PATCH` the caller's own profile.
  public static let profile = APIRoute.showProfile.path()
}

/// Header names and values of the API, lowercased as ``WireRequest/headers`` stores them.
public enum APIHeaders {
  /// Carries `Bearer <token>`.
  public static let authorization = "authorization"
  /// `application/json` on every JSON body.
  public static let contentType = "content-type"
  /// The content type of every JSON body.
  public static let json = "application/json"
  /// On a post: a key the client chose (a UUID), kept with its unsent message; the server stores
  /// a post at most once per author and key, and answers a repeat with the stored message.
  public static let idempotencyKey = "idempotency-key"

  /// The `authorization` header value for a session token.
  public static func bearer(_ token: String) -> String { "Bearer \(token)" }
}
