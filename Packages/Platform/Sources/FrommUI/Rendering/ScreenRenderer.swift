import Foundation

/// Lays a ``Screen`` out as lines of at most `width` columns.
///
/// With `colors` off the lines are plain text without trailing spaces; with it on, styles
/// become ANSI escape codes. `frame` advances the progress spinner when `animates` is on.
struct ScreenRenderer {
  var width: Int
  var colors: Bool
  var animates = false
  var frame = 0

  init(width: Int, colors: Bool, animates: Bool = false, frame: Int = 0) {
    self.width = max(width, 8)
    self.colors = colors
    self.animates = animates
    self.frame = frame
  }

  private static let spinnerFrames = ["|", "/", "-", "\\"]

  func render(_ screen: Screen) -> [String] {
    var lines: [StyledLine] = []
    for component in screen.components { lines += render(component) }
    return lines.map { $0.text(colors: colors) }
  }

  func render(_ component: Component) -> [StyledLine] {
    switch component.kind {
    case .header(let title, let subtitle):
      let titleLines = TextLayout.wrap(title, width: width)
      let underline = titleLines.map(TextWidth.columns).max() ?? 0
      var lines = titleLines.map { StyledLine($0, .title) }
      lines.append(StyledLine(String(repeating: "=", count: max(underline, 1)), .title))
      if let subtitle { lines += TextLayout.wrap(subtitle, width: width).map { StyledLine($0, .dim) } }
      lines.append(StyledLine())
      return lines

    case .text(let text, let style, let alignment):
      return TextLayout.wrap(text, width: width).map {
        StyledLine(alignment == .leading ? $0 : TextLayout.pad($0, to: width, alignment: alignment), style)
      }

    case .list(let items, let selection, let isNumbered):
      return renderList(items, selection: selection, isNumbered: isNumbered)

    case .log(let items, _):
      return renderList(items, selection: nil, isNumbered: false)

    case .menu(let commands, _):
      return pack(commands.map { "[\($0.shortcut)] \($0.title)" }, separator: "  ").map {
        StyledLine($0, .dim)
      }

    case .field(let field):
      let marker = field.isFocused ? "> " : "  "
      let label = marker + TextLayout.sanitize(field.label) + ": "
      if field.text.isEmpty, let placeholder = field.placeholder {
        return hanging(label, placeholder).enumerated().map { index, line in
          index == 0
            ? StyledLine([Span(label, .bold), Span(String(line.dropFirst(label.count)), .dim)])
            : StyledLine(line, .dim)
        }
      }
      let shown = field.isSecure ? String(repeating: "*", count: field.text.count) : field.text
      return hanging(label, shown).enumerated().map { index, line in
        index == 0
          ? StyledLine([Span(label, .bold), Span(String(line.dropFirst(label.count)), .plain)])
          : StyledLine(line, .plain)
      }

    case .prompt:
      return []

    case .alert(let alert):
      return renderAlert(alert)

    case .banner(let message, let kind):
      let (prefix, style): (String, TextStyle) = kind == .error ? ("[!] ", .error) : ("[i] ", .warning)
      return hanging(prefix, message).map { StyledLine($0, style) }

    case .progress(let label):
      let symbol = animates ? Self.spinnerFrames[frame % Self.spinnerFrames.count] : "..."
      return hanging("(\(symbol)) ", label).map { StyledLine($0, .warning) }

    case .empty(let message):
      return TextLayout.wrap("(\(message))", width: width).map {
        StyledLine(TextLayout.pad($0, to: width, alignment: .center), .dim)
      }

    case .divider:
      return [StyledLine(String(repeating: "-", count: width), .dim)]

    case .blank:
      return [StyledLine()]
    }
  }

  func renderList(_ items: [ListItem], selection: Int?, isNumbered: Bool) -> [StyledLine] {
    let numberWidth = String(items.count).count
    var lines: [StyledLine] = []
    for (index, item) in items.enumerated() {
      let isSelected = index == selection
      let marker = isSelected ? "> " : "  "
      let bullet =
        isNumbered ? TextLayout.pad("\(index + 1).", to: numberWidth + 1, alignment: .trailing) + " " : "- "
      let prefix = marker + bullet
      if let line = item.marker {
        lines += TextLayout.wrap("-- \(line) --", width: width).map { StyledLine($0, .warning) }
      }
      var rows = hanging(prefix, item.label.map { "\($0): \(item.title)" } ?? item.title)
      if let detail = item.detail.map(TextLayout.sanitize) {
        let detailWidth = TextWidth.columns(detail)
        if rows.count == 1, TextWidth.columns(rows[0]) + 1 + detailWidth <= width {
          rows[0] = TextLayout.pad(rows[0], to: width - detailWidth) + detail
        } else {
          rows += hanging(String(repeating: " ", count: TextWidth.columns(prefix)), detail)
        }
      }
      lines += rows.map { row in
        guard let highlight = item.highlight, !highlight.isEmpty, !isSelected else {
          return StyledLine(row, isSelected ? .selected : .plain)
        }
        return Self.highlighting(highlight, in: row)
      }
    }
    return lines
  }

  /// `row` with every occurrence of `text` (letters in either case) reversed; an occurrence
  /// that a wrap splits across two rows is not marked.
  static func highlighting(_ text: String, in row: String) -> StyledLine {
    var spans: [Span] = []
    var rest = row[...]
    while let match = rest.range(of: text, options: .caseInsensitive) {
      if match.lowerBound > rest.startIndex { spans.append(Span(String(rest[..<match.lowerBound]), .plain)) }
      spans.append(Span(String(rest[match]), .selected))
      rest = rest[match.upperBound...]
    }
    if !rest.isEmpty || spans.isEmpty { spans.append(Span(String(rest), .plain)) }
    return StyledLine(spans)
  }

  private func renderAlert(_ alert: AlertContent) -> [StyledLine] {
    let inner = max(width - 4, 4)
    var content: [StyledLine] = TextLayout.wrap(alert.title, width: inner).map { StyledLine($0, .bold) }
    if let message = alert.message {
      content.append(StyledLine())
      content += TextLayout.wrap(message, width: inner).map { StyledLine($0, .plain) }
    }
    content.append(StyledLine())
    let buttons = alert.shownButtons.enumerated().map { index, button in
      (
        text: alert.style == .alert ? "[\(index + 1)] \(button.label)" : "\(index + 1). \(button.label)",
        style: button.role == .destructive ? TextStyle.error : .bold
      )
    }
    switch alert.style {
    case .alert:
      content += pack(buttons.map(\.text), separator: "  ", width: inner).map { StyledLine($0, .bold) }
    case .confirmationDialog:
      for button in buttons {
        content += TextLayout.wrap(button.text, width: inner).map { StyledLine($0, button.style) }
      }
    }
    let boxWidth = content.map(\.columns).max() ?? 0
    let edge = StyledLine("+" + String(repeating: "-", count: boxWidth + 2) + "+", .plain)
    return [edge]
      + content.map { line in
        StyledLine(
          [Span("| ", .plain)] + line.spans
            + [Span(String(repeating: " ", count: boxWidth - line.columns) + " |", .plain)])
      } + [edge]
  }

  /// `text` wrapped after `prefix`, continuation lines indented by the prefix's width.
  private func hanging(_ prefix: String, _ text: String) -> [String] {
    let indent = TextWidth.columns(prefix)
    let lines = TextLayout.wrap(text, width: max(width - indent, 1))
    let padding = String(repeating: " ", count: indent)
    return lines.enumerated().map { ($0 == 0 ? prefix : padding) + $1 }
  }

  /// `items` packed left to right into lines of at most `width` columns.
  private func pack(_ items: [String], separator: String, width: Int? = nil) -> [String] {
    let width = width ?? self.width
    var lines: [String] = []
    var current = ""
    for item in items.map(TextLayout.sanitize) {
      if current.isEmpty {
        current = item
      } else if TextWidth.columns(current) + TextWidth.columns(separator) + TextWidth.columns(item) <= width {
        current += separator + item
      } else {
        lines.append(current)
        current = item
      }
    }
    if !current.isEmpty { lines.append(current) }
    // Only an item wider than the whole line needs breaking; wrapping others would fold the
    // separator's spaces.
    return lines.flatMap { TextWidth.columns($0) > width ? TextLayout.wrap($0, width: width) : [$0] }
  }
}

/// A run of text in one style.
struct Span: Equatable {
  var text: String
  var style: TextStyle

  init(_ text: String, _ style: TextStyle) {
    self.text = text
    self.style = style
  }
}

/// One rendered line, as styled runs.
struct StyledLine: Equatable {
  var spans: [Span]

  init(_ spans: [Span] = []) {
    self.spans = spans
  }

  init(_ text: String, _ style: TextStyle) {
    self.spans = [Span(text, style)]
  }

  var columns: Int { spans.reduce(0) { $0 + TextWidth.columns($1.text) } }

  func text(colors: Bool) -> String {
    guard colors else {
      var text = spans.map(\.text).joined()
      while text.last == " " { text.removeLast() }
      return text
    }
    return spans.map { $0.style.apply(to: $0.text) }.joined()
  }
}
