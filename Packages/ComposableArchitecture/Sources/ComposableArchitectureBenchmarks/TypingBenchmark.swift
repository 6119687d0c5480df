import ComposableArchitecture
import Foundation

/// (l): a list of messages filtered by what the user types, one binding action per key.
struct FilteredInbox: Reducer {
  struct State: Equatable {
    var query = ""
    var messages: IdentifiedArrayOf<Message>
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)

    var binding: BindingAction<State>? {
      if case .binding(let action) = self { action } else { nil }
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

struct Message: Equatable, Identifiable, Sendable {
  let id: Int
  var text: String
}

/// What the user types: 100 characters, a prefix of two thirds of the messages throughout.
let typedQuery = String(sentence.prefix(100))

private let sentence =
  "see you all at the concert tonight, the doors open at seven and the first song starts right at eight o'clock sharp"

/// 1,000 messages; two in three contain the typed sentence.
func inboxMessages() -> [Message] {
  (0..<1_000).map { index in
    Message(
      id: index,
      text: index % 3 == 2 ? "thanks for the photos from yesterday #\(index)" : "\(sentence) #\(index)")
  }
}

/// The rows a view shows for `query`: the messages containing it, in order.
func visibleRows(_ messages: some Collection<Message>, query: String) -> [Message] {
  query.isEmpty ? Array(messages) : messages.filter { contains($0.text, query) }
}

/// Whether `text` contains `query`, comparing UTF-8 bytes as a list's search box does (the
/// standard library's `contains` goes through its string-processing engine, and at 6 µs a row
/// it would hide everything else this case measures).
func contains(_ text: String, _ query: String) -> Bool {
  var text = text
  var query = query
  return text.withUTF8 { text in
    query.withUTF8 { query in
      guard let queryStart = query.baseAddress, let first = query.first else { return true }
      guard let textStart = text.baseAddress, query.count <= text.count else { return false }
      var start = 0
      while start <= text.count - query.count {
        if text[start] == first, memcmp(textStart + start, queryStart, query.count) == 0 { return true }
        start += 1
      }
      return false
    }
  }
}

@MainActor
func typingCases() -> [BenchmarkCase] {
  let keys = (1...typedQuery.count).map { String(typedQuery.prefix($0)) }
  let messages = inboxMessages()
  return [
    BenchmarkCase(
      id: "l", label: "(l)",
      title: "typing 100 keys into a filtered 1,000-row list, per key",
      target: .timesFloor(1.3),
      sample: {
        let store = Store(
          initialState: FilteredInbox.State(messages: IdentifiedArray(uniqueElements: messages))
        ) {
          FilteredInbox()
        }
        var shown = 0
        let time = measure(iterations: 1) {
          for key in keys {
            store.send(.set(\.query, key))
            let state = store.state
            shown &+= visibleRows(state.messages, query: state.query).count
          }
        }
        precondition(shown > 0, "the filter showed no rows")
        return time / Double(keys.count)
      },
      floor: Floor(title: "the same state update and filter in plain Swift") {
        var state = (query: "", messages: messages)
        var shown = 0
        let time = measure(iterations: 1) {
          for key in keys {
            state.query = key
            shown &+= visibleRows(state.messages, query: state.query).count
          }
        }
        consume(shown)
        return time / Double(keys.count)
      }
    )
  ]
}
