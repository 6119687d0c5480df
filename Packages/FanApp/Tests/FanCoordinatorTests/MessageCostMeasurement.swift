import CommonDataModels
import ComposableArchitecture
import FanAppTestSupport
import FanCoordinator
import FanCoordinatorView
import Foundation
import FrommUI
import MessageDataModels
import Testing

/// The fan app's cost per message arriving in the open room, with 1,000 and 10,000 messages
/// held: the store (room reducer, `RoomFeed`, an observer reading the whole state as the run
/// loop does) and then a render of the screen, against the floor of appending the message to a
/// plain array of as many. Off unless `FROMM_MEASURE_MESSAGE_COST` names the messages per run:
///
///     FROMM_MEASURE_MESSAGE_COST=200 swift test -c release --package-path Packages/FanApp \
///       --filter MessageCostMeasurement
let messagesPerRun = Int(ProcessInfo.processInfo.environment["FROMM_MEASURE_MESSAGE_COST"] ?? "") ?? 0

@MainActor
@Suite(.enabled(if: messagesPerRun > 0, "set FROMM_MEASURE_MESSAGE_COST to the messages per run to measure"))
struct MessageCostMeasurement {
  static let runs = 5

  @Test func messageArrives_costPerMessage_flatFromOneToTenThousandHeld() {
    print("cost per arriving message, µs: min / median / max of \(Self.runs) runs of \(messagesPerRun)")
    print("| held | floor: plain array append | store | store + render |")
    for held in [1_000, 10_000] {
      let floor = Self.figures { Self.floorRun(held: held) }
      let store = Self.figures { Self.storeRun(held: held, render: false) }
      let rendered = Self.figures { Self.storeRun(held: held, render: true) }
      print("| \(held) | \(floor) | \(store) | \(rendered) |")
    }
  }

  /// Min, median and max of ``runs`` runs, each in µs per message.
  static func figures(_ run: () -> Duration) -> String {
    let perMessage = (0..<runs).map { _ in run() / messagesPerRun }.sorted()
    func micro(_ duration: Duration) -> String {
      String(
        format: "%.2f",
        Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6)
    }
    return "\(micro(perMessage[0])) / \(micro(perMessage[runs / 2])) / \(micro(perMessage[runs - 1]))"
  }

  static func floorRun(held: Int) -> Duration {
    var messages = (1...Int64(held)).map { Message.broadcast(MessageID(rawValue: $0), "\($0)") }
    messages.reserveCapacity(held + messagesPerRun)
    let arriving = (1...Int64(messagesPerRun)).map {
      Message.broadcast(MessageID(rawValue: Int64(held) + $0), "new")
    }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for message in arriving { messages.append(message) }
    }
    #expect(messages.count == held + messagesPerRun)
    return elapsed
  }

  static func storeRun(held: Int, render: Bool) -> Duration {
    let store = RoomAppendCopyTests.store(held: held)
    let observation = store.observe { _ = store.state }
    defer { observation.cancel() }
    let arriving = (1...Int64(messagesPerRun)).map { RoomAppendCopyTests.arrive(Int64(held) + $0) }
    var rendered = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for action in arriving {
        store.send(action)
        if render { rendered += store.withState { FanAppView().render($0).plainText(width: 120).count } }
      }
    }
    #expect(render == (rendered > 0))
    return elapsed
  }
}
