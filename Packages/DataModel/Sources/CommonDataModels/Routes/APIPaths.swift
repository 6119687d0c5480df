/// The API's paths, in one place, so clients and the backend cannot drift apart.
///
/// See `Packages/DataModel/README.md` for methods, bodies and error codes.
///
/// ```swift
/// WireRequest(method: "GET", path: APIPaths.messages(artistID: 3), query: ["after": "120"])
/// ```
public enum APIPaths {
  /// `GET`: liveness check, no session needed.
  public static let health = "/v1/health"
  /// `POST` ``CheckAccountRequest``-style body: does a username exist?
  public static let checkAccount = "/v1/auth/check-account"
  /// `POST`: create an account and a session.
  public static let signUp = "/v1/auth/sign-up"
  /// `POST`: create a session.
  public static let signIn = "/v1/auth/sign-in"
  /// `POST`: revoke the current session.
  public static let signOut = "/v1/auth/sign-out"
  /// `GET`: the current session.
  public static let session = "/v1/auth/session"
  /// `GET`: every artist, with the caller's subscription and unread count.
  public static let artists = "/v1/artists"
  /// `GET`: one artist.
  public static func artist(artistID: AccountID) -> String { "/v1/artists/\(artistID)" }
  /// `PUT` subscribes, `DELETE` unsubscribes (fans only).
  public static func subscription(artistID: AccountID) -> String { "/v1/artists/\(artistID)/subscription" }
  /// `GET` messages after a cursor, `POST` a new message, in the artist's room.
  public static func messages(artistID: AccountID) -> String { "/v1/rooms/\(artistID)/messages" }
  /// `GET` or `PATCH` the caller's own profile.
  public static let profile = "/v1/profile"
}

/// Header names and values of the API, lowercased as ``WireRequest/headers`` stores them.
public enum APIHeaders {
  /// Carries `Bearer <token>`.
  public static let authorization = "authorization"
  /// `application/json` on every JSON body.
  public static let contentType = "content-type"
  /// The content type of every JSON body.
  public static let json = "application/json"

  /// The `authorization` header value for a session token.
  public static func bearer(_ token: String) -> String { "Bearer \(token)" }
}
