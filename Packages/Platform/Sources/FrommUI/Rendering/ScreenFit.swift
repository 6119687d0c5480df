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
    render(screen, height: height, scrolledBack: scrolledBack) {
      renderList([$0], selection: nil, isNumbered: false)
    }
  }

  /// `layOut` gives a log message's lines; it is called only for the messages a frame needs,
  /// from the newest (or the window's first) toward older ones and from the log's far end, each
  /// pass stopping once the window is full, so a frame costs the window's height, not the log's.
  func render(
    _ screen: Screen, height: Int, scrolledBack: Int, layingOut layOut: @escaping (ListItem) -> [StyledLine]
  ) -> FittedScreen {
    let logIndex = screen.components.firstIndex(where: \.isLog)
    var blocks = screen.components.enumerated().map { $0.offset == logIndex ? [] : render($0.element) }
    let log =
      if let logIndex, case .log(let items, let newestFirst) = screen.components[logIndex].kind {
        LazyLog(items: items, newestFirst: newestFirst, layOut: layOut)
      } else {
        LazyLog(items: [], newestFirst: false, layOut: layOut)
      }
    var needed = 0
    if !log.items.isEmpty {
      // The newest message and the marker counting the others, and the messages up to half the
      // window when there are that many.
      let newestLines = log.lines(0).count + (log.items.count > 1 ? 1 : 0)
      needed = max(newestLines, log.linesFromNewest(atMost: height / 2))
    }
    for step in Shrink.allCases {
      let others = blocks.reduce(0) { $0 + $1.count }
      guard others + needed > height else { break }
      for index in blocks.indices where index != logIndex {
        if let shrunk = step.apply(to: screen.components[index], lines: blocks[index]) {
          blocks[index] = shrunk
        }
      }
    }
    var layout: FittedScreen.LogLayout?
    if let index = logIndex {
      let others = blocks.reduce(0) { $0 + $1.count }
      let budget = height - others
      layout = FittedScreen.LogLayout(
        count: log.items.count, newestFirst: log.newestFirst, visible: log.items.count)
      if log.linesFromNewest(atMost: max(budget, 0) + 1) <= budget {
        // The whole log fits: it has at most `budget` lines.
        blocks[index] = log.all()
      } else if budget >= 1 {
        let window = LogWindow(
          count: log.items.count, lines: log.lines, newestFirst: log.newestFirst, budget: budget,
          scrolledBack: scrolledBack)
        blocks[index] = window.lines
        layout?.visible = window.visible
      } else {
        // No room for the log: the top of the screen is cut, so only the log's last lines that
        // the components below it leave room for can show.
        let below = blocks[(index + 1)...].reduce(0) { $0 + $1.count }
        blocks[index] = log.bottom(max(max(height, 1) - below, 0))
      }
    }
    let lines = blocks.flatMap { $0 }.suffix(max(height, 1)).map { $0.text(colors: colors) }
    return FittedScreen(lines: lines, log: layout)
  }
}

/// A log's messages laid out one by one on demand, numbered from the newest.
private struct LazyLog {
  var items: [ListItem]
  var newestFirst: Bool
  var layOut: (ListItem) -> [StyledLine]

  /// The lines of the message `index` places from the newest.
  func lines(_ index: Int) -> [StyledLine] {
    layOut(items[newestFirst ? index : items.count - 1 - index])
  }

  /// The log's line count, or `limit` when it has at least that many.
  func linesFromNewest(atMost limit: Int) -> Int {
    var count = 0
    var index = 0
    while count < limit, index < items.count {
      count += lines(index).count
      index += 1
    }
    return min(count, limit)
  }

  /// Every line, in the log's order.
  func all() -> [StyledLine] {
    items.flatMap(layOut)
  }

  /// The last `count` lines, in the log's order, or all of them when there are fewer.
  func bottom(_ count: Int) -> [StyledLine] {
    var lines: [StyledLine] = []
    var index = items.count
    while lines.count < count, index > 0 {
      index -= 1
      lines = layOut(items[index]) + lines
    }
    return Array(lines.suffix(count))
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

  /// `lines(index)` lays out the message `index` places from the newest; it is called only for
  /// the messages from the window's first through the first that does not fit.
  init(count: Int, lines message: (Int) -> [StyledLine], newestFirst: Bool, budget: Int, scrolledBack: Int) {
    // Worked out newest first; `skip` messages are newer than the window.
    let skip = min(max(scrolledBack, 0), max(count - 1, 0))
    let newerMarker = skip > 0 ? 1 : 0
    var taken: [[StyledLine]] = []
    var used = 0
    var index = skip
    var first: [StyledLine]?
    while index < count {
      let rows = message(index)
      if index == skip { first = rows }
      // One line stays for the marker of older messages, unless this is the oldest.
      let olderMarker = index + 1 < count ? 1 : 0
      guard used + rows.count + newerMarker + olderMarker <= budget else { break }
      taken.append(rows)
      used += rows.count
      index += 1
    }
    if taken.isEmpty {
      // A message taller than the room: its first lines.
      taken = [Array((first ?? []).prefix(max(budget - newerMarker - 1, 1)))]
      index = skip + 1
    }
    visible = taken.count
    let older = count - index
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
