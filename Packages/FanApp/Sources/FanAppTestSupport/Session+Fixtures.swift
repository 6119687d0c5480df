import AuthDataModels
import CommonDataModels
import Foundation

extension Session {
  /// The fan `minji_fan` signed in, as the coordinator's tests restore and sign in.
  public static let minji = Session(
    token: "token", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
    account: Account(id: 5, username: "minji_fan", role: .fan, displayName: "Minji"))

  /// A fan signed in as `username`, whose display name is the username.
  public static func fan(_ username: String = "minji_fan", id: AccountID = 5) -> Session {
    Session(
      token: "token-\(username)", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
      account: Account(id: id, username: username, role: .fan, displayName: username))
  }

  /// The artist `iu_official` signed in: an account the fan app refuses.
  public static let artist = Session(
    token: "token-iu", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
    account: Account(id: 1, username: "iu_official", role: .artist, displayName: "IU"))
}
