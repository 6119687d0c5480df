import AuthDataModels
import CommonDataModels
import Foundation

extension Session {
  public static func fan(_ username: String = "minji_fan", id: AccountID = 5) -> Session {
    Session(
      token: "token-\(username)", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
      account: Account(id: id, username: username, role: .fan, displayName: username))
  }

  public static let artist = Session(
    token: "token-iu", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
    account: Account(id: 1, username: "iu_official", role: .artist, displayName: "IU"))
}
