import ArtiProfile
import ArtiRoom
import CommonDataModels

extension HomeFeature.Action {
  /// Whether this answer says the session is over (a 401 from the server), so the artist must
  /// sign in again.
  var endsSession: Bool {
    switch self {
    case .room(.messagesLoaded(.failure(let error))), .room(.updatesFailed(let error)),
      .room(.sendResponse(.failure(let error))), .profile(.profileResponse(.failure(let error))),
      .profile(.saveResponse(.failure(let error))):
      if case .unauthorized = error { return true }
      return false
    case .task, .tabSelected, .room, .profile:
      return false
    }
  }
}
