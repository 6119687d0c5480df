/// A line diff of two values' dumps: `−` lines are only in `expected`, `+` lines only in
/// `actual`; runs of unchanged lines far from a change are folded. `nil` when the dumps agree.
///
/// ```
///   Counter.State(
/// −   count: 1,
/// +   count: 2,
///     fact: nil
///   )
/// ```
package func debugDiff(_ expected: Any, _ actual: Any, context: Int = 2) -> String? {
  let old = debugDump(expected).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let new = debugDump(actual).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  guard old != new else { return nil }
  return renderLineDiff(lineDiff(old, new), context: context)
}

/// One line of a diff.
package enum DiffLine: Equatable {
  case same(String)
  case removed(String)
  case added(String)
}

/// The shortest edit from `old` to `new`, by longest common subsequence. Dumps of states are
/// small enough (hundreds of lines) for the quadratic table.
package func lineDiff(_ old: [String], _ new: [String]) -> [DiffLine] {
  // Unchanged head and tail are common; strip them so the table covers only the change.
  var head = 0
  while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
  var tail = 0
  while tail < old.count - head, tail < new.count - head,
    old[old.count - 1 - tail] == new[new.count - 1 - tail]
  {
    tail += 1
  }
  let a = Array(old[head..<(old.count - tail)])
  let b = Array(new[head..<(new.count - tail)])

  var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var result = old[..<head].map(DiffLine.same)
  var i = 0
  var j = 0
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      result.append(.same(a[i]))
      i += 1
      j += 1
    } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
      result.append(.added(b[j]))
      j += 1
    } else {
      result.append(.removed(a[i]))
      i += 1
    }
  }
  result += old[(old.count - tail)...].map(DiffLine.same)
  return reorderChanges(result)
}

/// Puts each run's removals before its additions, so a changed field reads `−` then `+`.
private func reorderChanges(_ lines: [DiffLine]) -> [DiffLine] {
  var result: [DiffLine] = []
  var removed: [DiffLine] = []
  var added: [DiffLine] = []
  func flush() {
    result += removed + added
    removed.removeAll()
    added.removeAll()
  }
  for line in lines {
    switch line {
    case .same:
      flush()
      result.append(line)
    case .removed: removed.append(line)
    case .added: added.append(line)
    }
  }
  flush()
  return result
}

package func renderLineDiff(_ lines: [DiffLine], context: Int) -> String {
  let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
  var visible = Array(repeating: false, count: lines.count)
  for index in changed {
    for near in max(0, index - context)...min(lines.count - 1, index + context) { visible[near] = true }
  }
  if !lines.isEmpty {
    visible[0] = true
    visible[lines.count - 1] = true
  }
  var output: [String] = []
  var index = 0
  while index < lines.count {
    guard !visible[index] else {
      switch lines[index] {
      case .same(let text): output.append("  " + text)
      case .removed(let text): output.append("− " + text)
      case .added(let text): output.append("+ " + text)
      }
      index += 1
      continue
    }
    var end = index
    while end < lines.count, !visible[end] { end += 1 }
    if end - index == 1 {
      // Folding one line would save nothing.
      visible[index] = true
      continue
    }
    output.append("    … (\(end - index) unchanged)")
    index = end
  }
  return output.joined(separator: "\n")
}
