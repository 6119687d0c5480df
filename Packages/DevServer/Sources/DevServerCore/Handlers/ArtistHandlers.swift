import ArtistDataModels
import CommonDataModels
import Foundation

extension BackendCore {
  func listArtists(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    return try .json(ArtistList(artists: store.artists(viewer: caller.account.id)))
  }

  func showArtist(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    let artistID = try request.artistID()
    guard let artist = try store.artist(id: artistID, viewer: caller.account.id) else {
      throw Self.noSuchArtist(artistID)
    }
    return try .json(artist)
  }

  func subscribe(_ request: RouteRequest, subscribed: Bool) throws -> WireResponse {
    let caller = try authenticate(request)
    let artistID = try request.artistID()
    guard caller.account.role == .fan else {
      throw ServerError(.forbidden, "Only fans subscribe to artists; this account is an artist.")
    }
    guard try store.artist(id: artistID, viewer: caller.account.id) != nil else {
      throw Self.noSuchArtist(artistID)
    }
    return try .json(
      store.setSubscription(fan: caller.account.id, artist: artistID, subscribed: subscribed, now: now()))
  }

  /// Who subscribes is the artist's to know: no fan, and no other artist, sees the list.
  func listSubscribers(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    let artistID = try request.artistID()
    guard let artist = try store.account(id: artistID), artist.role == .artist else {
      throw Self.noSuchArtist(artistID)
    }
    guard caller.account.id == artistID else {
      throw ServerError(.forbidden, "Only \(artist.username) can see who subscribes to \(artist.username).")
    }
    return try .json(SubscriberList(subscribers: store.subscribers(artist: artistID)))
  }

  static func noSuchArtist(_ id: AccountID) -> ServerError {
    ServerError(.notFound, "There is no artist with id \(id); list artists with GET /v1/artists.")
  }
}
