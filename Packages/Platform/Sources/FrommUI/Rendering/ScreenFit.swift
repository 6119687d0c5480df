/// A screen laid out for a window of a given height, and what its log shows.
struct FittedScreen: Equatable {
  /// The lines to draw, at most the window's height.
  var lines: [String]
  /// The screen's ``Component/log(_:newestFirst:)``, if it has one: how many messages it holds,
  /// which side is newest, and how many of them are shown.
  var log: LogLayout?

  struct LogLayout: Equatable {
    var count: Int
    var newestFirst: Bool
    var visible: Int
  }
}

extension ScreenRenderer {
  /// `screen` laid out in `height` rows: when it is taller, the decoration shrinks first (empty
  /// lines and rules go, the header keeps its title, hints go, the menu keeps one line) until
  /// the log has room for its newest message and half the window; then its log gives way (older messages first, or
  /// fewer newer ones when `scrolledBack` messages back), and only if there is no log, or
  /// giving way is not enough, the top of the screen is cut.
  func render(_ screen: Screen, height: Int, scrolledBack: Int) -> FittedScreen {
    var blocks = screen.components.map { render($0) }
    let logIndex = screen.components.firstIndex(where: \.isLog)
    var needed = 0
    if let logIndex, case .log(let items, let newestFirst) = screen.components[logIndex].kind,
      let newest = newestFirst ? items.first : items.last
    {
      // The newest message and the marker counting the others, and the messages up to half the
      // window when there are that many.
      let newestLines =
        renderList([newest], selection: nil, isNumbered: false).count + (items.count > 1 ? 1 : 0)
      needed = max(newestLines, min(blocks[logIndex].count, height / 2))
    }
    for step in Shrink.allCases {
      let others = blocks.indices.reduce(0) { $0 + ($1 == logIndex ? 0 : blocks[$1].count) }
      guard others + needed > height else { break }
      for index in blocks.indices where index != logIndex {
        if let shrunk = step.apply(to: screen.components[index], lines: blocks[index]) {
          blocks[index] = shrunk
        }
      }
    }
    let total = blocks.reduce(0) { $0 + $1.count }
    var layout: FittedScreen.LogLayout?
    if let index = logIndex, case .log(let items, let newestFirst) = screen.components[index].kind {
      layout = FittedScreen.LogLayout(count: items.count, newestFirst: newestFirst, visible: items.count)
      let budget = height - (total - blocks[index].count)
      if total > height, budget >= 1, !items.isEmpty {
        let window = LogWindow(
          items: items.map { renderList([$0], selection: nil, isNumbered: false) },
          newestFirst: newestFirst, budget: budget, scrolledBack: scrolledBack)
        blocks[index] = window.lines
        layout?.visible = window.visible
      }
    }
    let lines = blocks.flatMap { $0 }.suffix(max(height, 1)).map { $0.text(colors: colors) }
    return FittedScreen(lines: lines, log: layout)
  }
}

/// How a screen too tall for its window gives way before its messages do, in order.
private enum Shrink: CaseIterable {
  /// Empty lines and rules go.
  case spacing
  /// The header keeps its title's first line.
  case header
  /// Dim text (hints) goes.
  case hints
  /// The menu keeps its first line.
  case menu

  /// The lines `component` keeps at this step, or `nil` when it keeps `lines`.
  func apply(to component: Component, lines: [StyledLine]) -> [StyledLine]? {
    switch (self, component.kind) {
    case (.spacing, .blank), (.spacing, .divider), (.hints, .text(_, .dim, _)):
      return []
    case (.header, .header), (.menu, .menu):
      return Array(lines.prefix(1))
    default:
      return nil
    }
  }
}

extension Component {
  var isLog: Bool {
    if case .log = kind { true } else { false }
  }
}

/// The messages of a log that fit in `budget` lines, newest first or last as the log lists
/// them, with a marker line for those above and below the window.
struct LogWindow {
  private(set) var lines: [StyledLine] = []
  /// How many messages are shown.
  private(set) var visible = 0

  init(items: [[StyledLine]], newestFirst: Bool, budget: Int, scrolledBack: Int) {
    // Worked out newest first; `skip` messages are newer than the window.
    let newestToOldest = newestFirst ? items : items.reversed()
    let skip = min(max(scrolledBack, 0), max(newestToOldest.count - 1, 0))
    let newerMarker = skip > 0 ? 1 : 0
    var taken: [[StyledLine]] = []
    var used = 0
    var index = skip
    while index < newestToOldest.count {
      let needed = newestToOldest[index].count
      // One line stays for the marker of older messages, unless this is the oldest.
      let olderMarker = index + 1 < newestToOldest.count ? 1 : 0
      guard used + needed + newerMarker + olderMarker <= budget else { break }
      taken.append(newestToOldest[index])
      used += needed
      index += 1
    }
    if taken.isEmpty {
      // A message taller than the room: its first lines.
      taken = [Array(newestToOldest[skip].prefix(max(budget - newerMarker - 1, 1)))]
      index = skip + 1
    }
    visible = taken.count
    let older = newestToOldest.count - index
    let olderLine = older > 0 ? [Self.marker(older, older: true, newestFirst: newestFirst)] : []
    let newerLine = skip > 0 ? [Self.marker(skip, older: false, newestFirst: newestFirst)] : []
    if newestFirst {
      lines = newerLine + taken.flatMap { $0 } + olderLine
    } else {
      lines = olderLine + taken.reversed().flatMap { $0 } + newerLine
    }
    if lines.count > budget { lines = Array(lines.prefix(budget)) }
  }

  private static func marker(_ count: Int, older: Bool, newestFirst: Bool) -> StyledLine {
    let noun = count == 1 ? "message" : "messages"
    let above = older != newestFirst
    let key = above ? "PageUp" : "PageDown"
    let text =
      older
      ? "-- \(count) earlier \(noun) \(above ? "above" : "below") (\(key)) --"
      : "-- \(count) newer \(noun) \(above ? "above" : "below") (\(key)) --"
    return StyledLine(text, .dim)
  }
}
