import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Synchronization

/// A response model that writes its own JSON with ``JSONWriter``, the same bytes `WireJSON`
/// would produce, for the responses clients poll.
///
/// The first value of each type a process encodes is also encoded with `WireJSON` and compared:
/// should a model gain a field this file does not know yet, the type falls back to `WireJSON`
/// for the rest of the process (and logs nothing: `JSONWriterTests` fails instead).
protocol HandEncodedJSON: Encodable {
  /// Whether this type's hand-written JSON matched `WireJSON` on its first value.
  static var handEncoding: HandEncodingCheck { get }
  func write(to writer: inout JSONWriter)
}

/// The outcome of a type's first comparison with `WireJSON`: not yet made, matched, or differed.
final class HandEncodingCheck: Sendable {
  /// 0 until the first comparison, then ``matches`` or ``differs``.
  private let state = Atomic<Int>(0)
  private static let matches = 1
  private static let differs = 2

  /// The JSON for `value`: hand-written when it is known to match `WireJSON`.
  func encode<T: HandEncodedJSON>(_ value: T) throws -> Data {
    switch state.load(ordering: .acquiring) {
    case Self.matches: return Data(value.handWritten)
    case Self.differs: return try WireJSON.encode(value)
    default:
      let reference = try WireJSON.encode(value)
      let handWritten = Data(value.handWritten)
      state.store(handWritten == reference ? Self.matches : Self.differs, ordering: .releasing)
      return reference
    }
  }
}

extension HandEncodedJSON {
  var handWritten: [UInt8] {
    var writer = JSONWriter()
    write(to: &writer)
    return writer.bytes
  }
}

extension ArtistSummary: HandEncodedJSON {
  static let handEncoding = HandEncodingCheck()

  func write(to writer: inout JSONWriter) {
    writer.object { json in
      json.key("displayName", first: true)
      json.string(displayName)
      json.key("id")
      json.integer(id.rawValue)
      json.key("isSubscribed")
      json.bool(isSubscribed)
      if let lastBroadcastAt {
        json.key("lastBroadcastAt")
        json.date(lastBroadcastAt)
      }
      json.key("statusMessage")
      json.string(statusMessage)
      json.key("subscriberCount")
      json.integer(Int64(subscriberCount))
      json.key("unreadCount")
      json.integer(Int64(unreadCount))
      json.key("username")
      json.string(username)
    }
  }
}

extension ArtistList: HandEncodedJSON {
  static let handEncoding = HandEncodingCheck()

  func write(to writer: inout JSONWriter) {
    writer.object { json in
      json.key("artists", first: true)
      json.array(artists) { json, artist in artist.write(to: &json) }
    }
  }
}

extension Message: HandEncodedJSON {
  static let handEncoding = HandEncodingCheck()

  func write(to writer: inout JSONWriter) {
    writer.object { json in
      json.key("artistId", first: true)
      json.integer(artistId.rawValue)
      json.key("id")
      json.integer(id.rawValue)
      json.key("kind")
      json.string(kind.rawValue)
      json.key("senderDisplayName")
      json.string(senderDisplayName)
      json.key("senderId")
      json.integer(senderId.rawValue)
      json.key("senderUsername")
      json.string(senderUsername)
      json.key("sentAt")
      json.date(sentAt)
      json.key("text")
      json.string(text)
    }
  }
}

extension MessagePage: HandEncodedJSON {
  static let handEncoding = HandEncodingCheck()

  func write(to writer: inout JSONWriter) {
    writer.object { json in
      if let cursor {
        json.key("cursor", first: true)
        json.integer(cursor.rawValue)
      }
      json.key("deleted", first: cursor == nil)
      json.array(deleted) { json, id in json.integer(id.rawValue) }
      json.key("hasMore")
      json.bool(hasMore)
      json.key("messages")
      json.array(messages) { json, message in message.write(to: &json) }
    }
  }
}
