import ComposableArchitecture
import FrommUI

/// A believable chat message: Korean with some English and an emoji, about 60 characters.
func message(_ index: Int) -> String {
  "아이유 \(index): 오늘 공연 정말 최고였어요! See you at the encore 🎤 다음에 또 만나요 감사합니다"
}

/// A chat room screen with `count` messages, as a feature would render it.
func chatScreen(messages count: Int) -> Screen {
  Screen {
    Component.header("아이유의 방", subtitle: "\(count) messages")
    Component.list((0..<count).map { ListItem(message($0), detail: "12:0\($0 % 10)") }, numbered: false)
    Component.field(label: "Message", text: "안녕하세요 반가워요", isFocused: true)
    Component.menu([MenuCommand("r", "새로고침"), MenuCommand("l", "Leave"), MenuCommand("q", "Quit")])
  }
}

/// A counter driven through the run loop.
struct Tally: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += 1
    return .none
  }
}

struct TallyView: TerminalView {
  func render(_ count: Int) -> Screen { Screen { Component.text("Count: \(count)") } }

  func action(for input: InputEvent, in count: Int) -> Bool? { input == .line("+") ? true : nil }
}

/// 10,000 characters of pasted chat text: Hangul, Latin and spaces.
let pastedText = String(repeating: "오늘 공연 최고 great show ", count: 500)
