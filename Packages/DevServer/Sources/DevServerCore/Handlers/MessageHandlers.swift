import CommonDataModels
import CommonKit
import Foundation
import MessageDataModels
import SQLiteStore

extension BackendCore {
  static let defaultPageSize = 50
  static let maxPageSize = 200

  /// The longest a long poll (`wait`) may hold a request, in seconds.
  static let maxWaitSeconds: Int64 = 30

  /// A room's page after a cursor; with `wait`, held until a message the caller may see arrives
  /// or the seconds pass. A held request holds no thread: it returns `nil` and answers `later`.
  func listMessages(_ request: RouteRequest, later: @escaping RouteOutcome) throws -> WireResponse? {
    let caller = try authenticate(request)
    let artistID = try request.artistID()
    // Parsed before the room is checked but reported after it, as a room's 403 or 404 comes first.
    let query = Result {
      (
        after: try request.integerQuery("after", range: 0...Int64.max).map { MessageID($0) },
        limit: try request.integerQuery("limit", range: 1...Int64(Self.maxPageSize)).map(Int.init),
        wait: try request.integerQuery("wait", range: 0...Self.maxWaitSeconds) ?? 0
      )
    }
    let page = { @Sendable [self] () throws -> WireResponse in
      let (after, limit, wait) = try query.get()
      let page = try store.messages(
        artist: artistID, viewer: caller.account, after: after, limit: limit ?? Self.defaultPageSize,
        polled: wait > 0
      ) { access in
        try Self.checkRoom(access, for: caller.account, artistID: artistID)
      }
      return try .json(
        MessagePage(
          messages: page.messages, cursor: page.newest ?? after, hasMore: page.hasMore, deleted: page.deleted)
      )
    }
    // A plain page (the common poll) has the room checked inside its own read transaction. A long
    // poll is held only for a caller who may use the room, and a bad query is reported after that.
    if (try? query.get()).map({ $0.wait == 0 }) ?? false { return try page() }
    let readMarker = try authorizeRoom(caller.account, artistID: artistID)
    let parsed = try query.get()
    let cursor = parsed.after?.rawValue ?? 0
    // What the cursor acknowledges is read now, however long the poll is held and whoever, if
    // anyone, gets its answer.
    try store.markRead(upTo: cursor, artist: artistID, viewer: caller.account, readMarker: readMarker)
    return try answerLongPoll(
      seconds: parsed.wait, later: later,
      isReady: { [store] in
        try store.newestVisibleMessageID(artist: artistID, viewer: caller.account) > cursor
      },
      respond: page)
  }

  /// A page back through the room from a cursor (newest first, answered oldest first); when
  /// `searching`, of the messages the caller may see whose text contains `q`.
  func listHistory(_ request: RouteRequest, searching: Bool) throws -> WireResponse {
    let caller = try authenticate(request)
    let artistID = try request.artistID()
    // Parsed before the room is checked but reported after it, as a room's 403 or 404 comes first.
    let query = Result {
      (
        text: searching ? try Self.searchText(request) : nil,
        before: try request.integerQuery("before", range: 0...Int64.max).map { MessageID($0) },
        limit: try request.integerQuery("limit", range: 1...Int64(Self.maxPageSize)).map(Int.init)
      )
    }
    if case .failure = query {
      try authorizeRoom(caller.account, artistID: artistID)
    }
    let (text, before, limit) = try query.get()
    let page = try store.history(
      artist: artistID, viewer: caller.account, before: before, limit: limit ?? Self.defaultPageSize,
      containing: text
    ) { access in
      try Self.checkRoom(access, for: caller.account, artistID: artistID)
    }
    return try .json(HistoryPage(messages: page.messages, hasOlder: page.hasOlder))
  }

  /// The `q` query: the text to find, 1 to 100 characters.
  static func searchText(_ request: RouteRequest) throws -> String {
    guard let text = request.wire.query["q"], (1...100).contains(text.count) else {
      throw ServerError(
        .invalidParameter, "query 'q': expected the text to find, 1 to 100 characters")
    }
    return text
  }

  /// Stores a post, answering `later` once the post's group commit is done, so the calling
  /// thread need not wait for it.
  func sendMessage(_ request: RouteRequest, later: @escaping RouteOutcome) throws -> WireResponse? {
    // Announced now, so a commit starting while this post is checked and decoded waits to take
    // it along (dropped unused if the post is refused).
    let notice = store.database.announceBatchedWrite()
    let caller = try authenticate(request)
    let artistID = try request.artistID()
    try authorizeRoom(caller.account, artistID: artistID)
    let body =
      try PlainJSONObject.onlyString("text", in: request.wire.body).map(SendMessageRequest.init(text:))
      ?? request.decodeBody(SendMessageRequest.self)
    // Line breaks and tabs are part of a message; other control characters are not.
    try Self.requireNoControlCharacters(
      body.text, field: "text", code: .invalidMessage, allowing: ["\n", "\t"])
    if let problem = MessageRules.validate(body.text).problem {
      throw ServerError(.invalidMessage, "field 'text': \(problem.message)")
    }
    let key = try Self.idempotencyKey(request)
    let kind: MessageKind = caller.account.role == .artist ? .broadcast : .reply
    let now = now()
    try purgeExpiredIfDue(now: now)
    store.insertMessage(
      artist: artistID, sender: caller.account, kind: kind, text: body.text, key: key, now: now,
      announced: notice
    ) { [store, heldPolls, storage] stored in
      heldPolls.somethingChanged()
      later(
        Result {
          do {
            let message = try stored.get()
            storage.wrote()
            return try .json(message, status: 201)
          } catch let error as SQLiteError where error.isConstraintViolation && key != nil {
            // A post sent again (its answer was lost) finds its key taken: answer with the stored one.
            guard let key, let earlier = try store.message(sender: caller.account.id, key: key) else {
              throw error
            }
            return try .json(earlier, status: 201)
          }
        })
    }
    return nil
  }

  /// `DELETE`s a message for its author: 204, and 204 again once it is gone. Its tombstone ends
  /// the held polls of every reader of the room at once, whose answer names it in `deleted`.
  func deleteMessage(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    let artistID = try request.artistID()
    try authorizeRoom(caller.account, artistID: artistID)
    let messageID = try request.messageID()
    switch try store.deleteMessage(messageID, artist: artistID, by: caller.account, now: now()) {
    case .deleted:
      storage.wrote()
      heldPolls.somethingChanged()
      return WireResponse(status: 204)
    case .deletedBefore:
      return WireResponse(status: 204)
    case .notFound:
      throw ServerError(.notFound, "No message \(messageID) in this room that you can see.")
    case .notAuthor:
      throw ServerError(.forbidden, "Only its author can delete message \(messageID).")
    }
  }

  /// The post's `Idempotency-Key`: up to 100 visible ASCII characters (a UUID, as clients send).
  static func idempotencyKey(_ request: RouteRequest) throws -> String? {
    guard let key = request.wire.headers[APIHeaders.idempotencyKey] else { return nil }
    guard (1...100).contains(key.utf8.count), key.utf8.allSatisfy({ (33...126).contains($0) }) else {
      throw ServerError(
        .invalidParameter,
        "header 'idempotency-key': expected 1 to 100 visible ASCII characters (a UUID), got '\(key.prefix(40))'"
      )
    }
    return key
  }

  /// An artist may use only their own room; a fan only rooms of artists they subscribe to.
  /// Returns how far a fan has read the room (0 for an artist).
  @discardableResult
  private func authorizeRoom(_ account: AccountRecord, artistID: AccountID) throws -> Int64 {
    // An artist in their own room: the session's account is that artist, nothing to look up.
    if account.role == .artist && account.id == artistID { return 0 }
    let access = try store.roomAccess(caller: account, artist: artistID)
    try Self.checkRoom(access, for: account, artistID: artistID)
    return access.readMarker
  }

  /// Throws 404 when `access` shows no artist behind `artistID`, 403 when `account` may not use
  /// the room (see ``authorizeRoom(_:artistID:)``).
  static func checkRoom(_ access: RoomAccess, for account: AccountRecord, artistID: AccountID) throws {
    guard let owner = access.owner, owner.role == .artist else {
      throw Self.noSuchArtist(artistID)
    }
    switch account.role {
    case .artist:
      guard account.id == artistID else {
        throw ServerError(
          .forbidden, "Artists can use only their own room; this room belongs to \(owner.username).")
      }
    case .fan:
      guard access.subscribed else {
        throw ServerError(
          .forbidden, "Subscribe to \(owner.username) first: PUT /v1/artists/\(artistID)/subscription.")
      }
    }
  }
}
