import CommonDataModels
import MessageClient
import MessageDataModels

/// A room as a screen follows it with ``MessageClient/followRoom``: its messages, oldest first,
/// whether it is loading or live, and what to tell the reader when following is interrupted or
/// ends. Both apps' rooms keep one, so they load, page, order
/// and report the same way; what each may see (a fan their own replies, an artist every fan's)
/// is decided by the server's answers.
///
/// Following starts from the room's newest page; older pages are read on request
/// (``startLoadingOlder()`` with ``MessageClient/olderMessages``). A screen shows every message
/// read and pages through them by what fits its window, so no page size is kept here. ``Room``
/// drives it: ``start()`` as following starts, ``apply(_:)`` for each update, ``fail(_:)`` when
/// following ends.
public struct RoomFeed: Equatable, Sendable {
  /// Every message read so far, ordered by id (oldest first), each once.
  public var messages: [Message]
  /// Whether the room has been read once.
  public var hasLoaded: Bool
  /// Whether the room is being read for the first time since following started.
  public var isLoading: Bool
  /// Whether the room is being followed.
  public var isLive: Bool
  /// Why messages are not arriving right now, while following keeps trying.
  public var interruption: String?
  /// Why following stopped. It names no key or command: the screen says how to start again.
  public var failure: String?
  /// Whether older messages than the first one read are there to page back to.
  public var hasOlder: Bool
  /// Whether an older page is being read.
  public var isLoadingOlder = false
  /// Why the last older page could not be read, with how to try again.
  public var olderFailure: String?

  /// A room not read yet, or one holding `messages` (ordered by id).
  public init(
    messages: [Message] = [], hasLoaded: Bool = false, isLoading: Bool = false, isLive: Bool = false,
    interruption: String? = nil, failure: String? = nil, hasOlder: Bool = false
  ) {
    self.messages = messages
    self.hasLoaded = hasLoaded
    self.isLoading = isLoading
    self.isLive = isLive
    self.interruption = interruption
    self.failure = failure
    self.hasOlder = hasOlder
  }

  /// Where following starts again: the newest message's id.
  public var cursor: MessageID? { messages.last?.id }

  /// Following starts (or starts again): loading until the first ``RoomUpdate/loaded(_:hasOlder:)``.
  public mutating func start() {
    isLoading = true
    isLive = true
    interruption = nil
    failure = nil
  }

  /// Following was stopped on purpose (the room went away); nothing is wrong.
  public mutating func stop() {
    isLoading = false
    isLive = false
    interruption = nil
  }

  /// Takes in what following reported.
  public mutating func apply(_ update: RoomUpdate) {
    switch update {
    case .loaded(let messages, let older):
      isLoading = false
      // After a cursor the reader had the older messages already; what they knew stays.
      if !hasLoaded { hasOlder = older }
      hasLoaded = true
      insert(messages)
    case .messages(let messages):
      insert(messages)
    case .deleted(let ids):
      remove(ids)
    case .interrupted(let error, _):
      interruption = "New messages are not arriving: \(error.message) Still trying."
    case .resumed:
      interruption = nil
    }
  }

  /// Following ended with `error`.
  public mutating func fail(_ error: APIError) {
    isLoading = false
    isLive = false
    interruption = nil
    failure =
      hasLoaded
      ? "New messages stopped arriving: \(error.message)"
      : "Could not load the room: \(error.message)"
  }

  /// Adds a message this reader sent, as the server stored it.
  public mutating func insert(sent message: Message) {
    insert([message])
  }

  /// Drops the messages their authors deleted; ids not read here change nothing.
  public mutating func remove(_ ids: [MessageID]) {
    let gone = Set(ids)
    messages.removeAll { gone.contains($0.id) }
  }

  /// Starts reading the page before the oldest message read; returns the id to read before, or
  /// `nil` when there is nothing older or a page is being read already.
  public mutating func startLoadingOlder() -> MessageID? {
    guard hasLoaded, hasOlder, !isLoadingOlder, let oldest = messages.first else { return nil }
    isLoadingOlder = true
    olderFailure = nil
    return oldest.id
  }

  /// Takes in an older page, above the messages read.
  public mutating func applyOlder(_ page: HistoryPage) {
    isLoadingOlder = false
    hasOlder = page.hasOlder
    insert(page.messages)
  }

  /// Reading an older page failed with `error`; another ``startLoadingOlder()`` tries again.
  public mutating func failOlder(_ error: APIError) {
    isLoadingOlder = false
    olderFailure = "Could not load older messages: \(error.message)"
  }

  /// Adds the messages not seen yet, keeping the room ordered by id. A sender's name in the
  /// batch is the server's current one, so it replaces the name on their earlier messages: a fan
  /// who changes their nickname shows under it everywhere.
  private mutating func insert(_ batch: [Message]) {
    for message in batch {
      guard let last = messages.last, last.id >= message.id else {
        messages.append(message)
        continue
      }
      // Out of order or seen already: find its place by halving, as the room is sorted.
      var low = 0
      var high = messages.count
      while low < high {
        let middle = (low + high) / 2
        if messages[middle].id < message.id { low = middle + 1 } else { high = middle }
      }
      if messages[low].id != message.id { messages.insert(message, at: low) }
    }
    var names: [AccountID: String] = [:]
    for message in batch { names[message.senderId] = message.senderDisplayName }
    // Every message of a sender carries the name the last batch brought: when the sender's
    // newest message from before (or one seen again) has this one, all do, and the room is not
    // walked (a walk would cost every arriving message the room's length).
    let arrived = Set(batch.map(\.id))
    names = names.filter { sender, name in
      messages.last {
        $0.senderId == sender && ($0.senderDisplayName != name || !arrived.contains($0.id))
      }.map { $0.senderDisplayName != name } ?? false
    }
    guard !names.isEmpty else { return }
    for index in messages.indices {
      if let name = names[messages[index].senderId], messages[index].senderDisplayName != name {
        messages[index].senderDisplayName = name
      }
    }
  }
}
