import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import FanAppTestSupport
import FanArtistList
import FanCoordinator
import FanCoordinatorView
import FanRoom
import Foundation
import MessageDataModels
import MessageRoom
import Testing

@testable import FrommUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an open room of many messages holds in the fan app, in heap bytes in use, against the
/// floor of the same messages decoded from the server's JSON into one array. The room is read as
/// the app reads it (pages of 100 decoded and sent to the store), then rendered, and the screen
/// kept as the run loop keeps it between renders; plain mode also keeps its transcript. Off
/// unless `FROMM_MEASURE_ROOM_MEMORY` names the messages held:
///
///     FROMM_MEASURE_ROOM_MEMORY=10000 swift test -c release --package-path Packages/FanApp \
///       --filter RoomMemoryMeasurement
let roomMemoryMessages = Int(ProcessInfo.processInfo.environment["FROMM_MEASURE_ROOM_MEMORY"] ?? "") ?? 0

@MainActor
@Suite(.enabled(if: roomMemoryMessages > 0, "set FROMM_MEASURE_ROOM_MEMORY to the messages held"))
struct RoomMemoryMeasurement {
  static let runs = 5

  @Test func roomOfManyMessages_heapInUse_againstTheSameMessagesInOneArray() throws {
    let messages = Self.messages(roomMemoryMessages)
    let pages = try stride(from: 0, to: messages.count, by: 100).map { start in
      try WireJSON.encode(
        MessagePage(
          messages: Array(messages[start..<min(start + 100, messages.count)]), cursor: nil, hasMore: false))
    }
    let whole = try WireJSON.encode(MessagePage(messages: messages, cursor: nil, hasMore: false))
    let textBytes = messages.reduce(0) { $0 + $1.text.utf8.count } / messages.count
    print("\(messages.count) messages of \(textBytes) bytes of text on average; heap in use, MiB:")
    print("min / median / max of \(Self.runs) runs (ratio of medians)")
    var runs: [Run] = []
    for _ in 0..<Self.runs { runs.append(try Self.run(pages: pages, whole: whole)) }
    let floor = Self.figures(runs.map(\.floor))
    func column(_ bytes: (Run) -> Int) -> String {
      let figures = Self.figures(runs.map(bytes))
      return "\(figures.text) (\(String(format: "%.2f", figures.median / floor.median))×)"
    }
    print("| floor: one array | the room's state | + the screen kept | + plain mode's transcript |")
    print(
      "| \(floor.text) | \(column(\.state)) | \(column { $0.state + $0.screen }) | "
        + "\(column { $0.state + $0.screen + $0.transcript }) |")
  }

  struct Run {
    var floor: Int
    var state: Int
    var screen: Int
    var transcript: Int
  }

  static func run(pages: [Data], whole: Data) throws -> Run {
    let start = try heapInUse()
    let floor = try withExtendedLifetime(WireJSON.decode(MessagePage.self, from: whole).messages) {
      try heapInUse() - start
    }
    let before = try heapInUse()
    let store = Store(
      initialState: FanAppFeature.State(
        signIn: nil, account: Session.minji.account, artists: ArtistListFeature.State(),
        destination: .room(
          RoomFeature.State(
            artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
            feed: RoomFeed(hasLoaded: true, isLive: true))))
    ) {
      FanAppFeature()
    }
    let observation = store.observe { _ = store.state }
    defer { observation.cancel() }
    for page in pages {
      let batch = try WireJSON.decode(MessagePage.self, from: page).messages
      store.send(.destination(.presented(.room(.room(.roomUpdated(.messages(batch)))))))
    }
    let withState = try heapInUse()
    let screen = store.withState { FanAppView().render($0) }
    let withScreen = try heapInUse()
    var transcript = PlainTranscript()
    let printed = transcript.update(ScreenRenderer(width: 100, colors: false).render(screen))
    let shown = store.withState { state -> Int in
      guard case .room(let room) = state.destination else { return 0 }
      return room.room.feed.messages.count
    }
    #expect(shown == pages.count * 100 && printed != nil)
    let withTranscript = try heapInUse()
    return withExtendedLifetime((store, screen, transcript)) {
      Run(
        floor: floor, state: withState - before, screen: withScreen - withState,
        transcript: withTranscript - withScreen)
    }
  }

  /// `count` messages as a room holds them: mostly the artist's, every fifth the fan's reply,
  /// texts of 2–13 words mixing Korean and English (48 bytes on average).
  static func messages(_ count: Int) -> [Message] {
    let words = ["오늘", "concert", "was", "amazing", "thank", "you", "everyone", "사랑해요", "see", "you", "soon"]
    return (1...count).map { id in
      let text = (0..<(2 + id % 12)).map { words[($0 + id) % words.count] }.joined(separator: " ")
      let messageID = MessageID(rawValue: Int64(id))
      return id.isMultiple(of: 5) ? .reply(messageID, text) : .broadcast(messageID, text)
    }
  }

  static func figures(_ bytes: [Int]) -> (text: String, median: Double) {
    let sorted = bytes.sorted().map { Double($0) / 1_048_576 }
    let text = [sorted[0], sorted[sorted.count / 2], sorted[sorted.count - 1]].map {
      String(format: "%.2f", $0)
    }
    return (text.joined(separator: " / "), sorted[sorted.count / 2])
  }
}

struct HeapStatisticsUnavailable: Error, CustomStringConvertible {
  var description: String
}

/// The bytes the allocator has handed out and not had back, arenas and mapped blocks together.
func heapInUse() throws -> Int {
  #if canImport(Glibc)
  // `malloc_info` (glibc 2.10), found at run time: Glibc's module map leaves out <malloc.h>.
  // Its closing totals give in use = the arenas' memory − their free chunks + mapped blocks.
  typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
  guard let symbol = dlsym(nil, "malloc_info") else {
    throw HeapStatisticsUnavailable(description: "this C library has no malloc_info")
  }
  var buffer: UnsafeMutablePointer<CChar>?
  var length = 0
  guard let file = open_memstream(&buffer, &length) else {
    throw HeapStatisticsUnavailable(description: "open_memstream failed: errno \(errno)")
  }
  let status = unsafeBitCast(symbol, to: MallocInfo.self)(0, file)
  fclose(file)
  defer { free(buffer) }
  guard status == 0, let buffer else {
    throw HeapStatisticsUnavailable(description: "malloc_info failed: errno \(errno)")
  }
  let report = String(cString: buffer)
  let totals = report[(report.range(of: "</heap>", options: .backwards)?.upperBound ?? report.startIndex)...]
  func total(_ element: String) throws -> Int {
    guard let found = totals.range(of: element),
      let attribute = totals[found.upperBound...].range(of: "size=\""),
      let value = Int(totals[attribute.upperBound...].prefix(while: \.isNumber))
    else {
      throw HeapStatisticsUnavailable(description: "malloc_info's totals have no \(element): \(totals)")
    }
    return value
  }
  return try total("<system type=\"current\"") - total("<total type=\"fast\"") - total("<total type=\"rest\"")
    + total("<total type=\"mmap\"")
  #elseif canImport(Darwin)
  var statistics = malloc_statistics_t()
  malloc_zone_statistics(nil, &statistics)
  return Int(statistics.size_in_use)
  #else
  throw HeapStatisticsUnavailable(description: "no heap statistics on this platform")
  #endif
}
