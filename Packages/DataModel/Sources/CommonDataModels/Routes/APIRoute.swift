/// One endpoint of the API: a method and a path pattern whose `{name}` segments are parameters.
///
/// The single definition of the API's routes: the backend's router is built from ``all`` and the
/// clients' paths (``APIPaths``) are filled in from the same patterns, so the two cannot drift.
///
/// ```swift
/// APIRoute.listMessages.path(["artistId": "3"])   // "/v1/rooms/3/messages"
/// ```
public struct APIRoute: Sendable, Hashable, CustomStringConvertible {
  /// The HTTP method, uppercase (`GET`, `POST`, …).
  public var method: String
  /// The path pattern, e.g. `/v1/artists/{artistId}`.
  public var pattern: String

  /// Creates a route.
  public init(_ method: String, _ pattern: String) {
    self.method = method
    self.pattern = pattern
  }

  /// `GET /v1/artists/{artistId}`.
  public var description: String { "\(method) \(pattern)" }

  /// The pattern with each `{name}` replaced by `parameters[name]` (left as is when missing).
  public func path(_ parameters: [String: String] = [:]) -> String {
    guard pattern.contains("{") else { return pattern }
    return pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return String(segment) }
      return parameters[String(segment.dropFirst().dropLast())] ?? String(segment)
    }.joined(separator: "/")
  }

  /// Liveness check, no session needed.
  public static let health = APIRoute("GET", "/v1/health")
  /// Does a username exist?
  public static let checkAccount = APIRoute("POST", "/v1/auth/check-account")
  /// Create an account and a session.
  public static let signUp = APIRoute("POST", "/v1/auth/sign-up")
  /// Create a session.
  public static let signIn = APIRoute("POST", "/v1/auth/sign-in")
  /// Revoke the current session.
  public static let signOut = APIRoute("POST", "/v1/auth/sign-out")
  /// The current session.
  public static let session = APIRoute("GET", "/v1/auth/session")
  /// Every artist, with the caller's subscription and unread count.
  public static let listArtists = APIRoute("GET", "/v1/artists")
  /// One artist.
  public static let showArtist = APIRoute("GET", "/v1/artists/{artistId}")
  /// Subscribe (fans only).
  public static let subscribe = APIRoute("PUT", "/v1/artists/{artistId}/subscription")
  /// Unsubscribe (fans only).
  public static let unsubscribe = APIRoute("DELETE", "/v1/artists/{artistId}/subscription")
  /// The fans who subscribe to an artist (that artist only).
  public static let listSubscribers = APIRoute("GET", "/v1/artists/{artistId}/subscribers")
  /// Messages of the artist's room after a cursor.
  public static let listMessages = APIRoute("GET", "/v1/rooms/{artistId}/messages")
  /// The newest messages of the artist's room before an id (the newest of the room without one).
  public static let listHistory = APIRoute("GET", "/v1/rooms/{artistId}/history")
  /// The newest messages of the artist's room before an id whose text contains `q`.
  public static let searchMessages = APIRoute("GET", "/v1/rooms/{artistId}/search")
  /// Post a message in the artist's room.
  public static let sendMessage = APIRoute("POST", "/v1/rooms/{artistId}/messages")
  /// Delete a message of the artist's room (its author only).
  public static let deleteMessage = APIRoute("DELETE", "/v1/rooms/{artistId}/messages/{messageId}")
  /// The caller's rooms with news after a cursor (a long poll with `wait`).
  public static let listActivity = APIRoute("GET", "/v1/activity")
  /// The caller's own profile.
  public static let showProfile = APIRoute("GET", "/v1/profile")
  /// Change the caller's own profile.
  public static let updateProfile = APIRoute("PATCH", "/v1/profile")

  /// Every route of the API, in the order the backend matches them.
  public static let all: [APIRoute] = [
    health, checkAccount, signUp, signIn, signOut, session, listArtists, showArtist, subscribe, unsubscribe,
    listSubscribers, listMessages, listHistory, searchMessages, sendMessage, deleteMessage,
    listActivity, showProfile,
    updateProfile,
  ]
}
