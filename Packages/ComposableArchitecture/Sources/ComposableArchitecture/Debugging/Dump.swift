import Foundation

/// A multi-line, structural description of a value, stable enough to diff line by line.
///
/// ```
/// Counter.State(
///   count: 1,
///   fact: "1 is the loneliest number."
/// )
/// ```
///
/// Structs and classes list their fields, enums show their case and payload, collections their
/// elements, dictionaries and sets are sorted so that equal values always dump the same.
package func debugDump(_ value: Any) -> String {
  let writer = DumpWriter()
  writer.write(value, prefix: "", indent: "", suffix: "")
  return writer.lines.joined(separator: "\n")
}

/// A one-line description of a value, for naming actions in messages.
package func debugDumpLine(_ value: Any, limit: Int = 300) -> String {
  let line = debugDump(value)
    .split(separator: "\n")
    .map { $0.trimmingCharacters(in: .whitespaces) }
    .joined(separator: " ")
    .replacingOccurrences(of: "( ", with: "(")
    .replacingOccurrences(of: " )", with: ")")
    .replacingOccurrences(of: "[ ", with: "[")
    .replacingOccurrences(of: " ]", with: "]")
  return line.count > limit ? String(line.prefix(limit)) + "…" : line
}

private final class DumpWriter {
  private(set) var lines: [String] = []
  /// The objects being written, outermost first: an object met again inside itself is a cycle,
  /// written as a back reference instead of being followed for ever.
  private var objectsInProgress: Set<ObjectIdentifier> = []

  func emit(_ line: String) { lines.append(line) }

  /// Writes `value` starting on a line that begins with `indent + prefix` and ends with `suffix`.
  func write(_ value: Any, prefix: String, indent: String, suffix: String) {
    let mirror = Mirror(reflecting: value)
    let typeName = Self.typeName(of: value)

    if let leaf = Self.leafDescription(value, mirror: mirror) {
      emit(indent + prefix + leaf + suffix)
      return
    }

    switch mirror.displayStyle {
    case .optional:
      if let child = mirror.children.first {
        write(child.value, prefix: prefix, indent: indent, suffix: suffix)
      } else {
        emit(indent + prefix + "nil" + suffix)
      }

    case .enum:
      guard let payload = mirror.children.first else {
        emit(indent + prefix + "." + String(describing: value) + suffix)
        return
      }
      let name = "." + (payload.label ?? "case")
      let payloadMirror = Mirror(reflecting: payload.value)
      if payloadMirror.displayStyle == .tuple {
        writeFields(
          payloadMirror, open: name + "(", close: ")", prefix: prefix, indent: indent, suffix: suffix)
      } else {
        writeFields(
          Mirror(payload.value, children: [(label: String?.none, value: payload.value)]),
          open: name + "(", close: ")", prefix: prefix, indent: indent, suffix: suffix
        )
      }

    case .collection, .set:
      var elements = mirror.children.map(\.value)
      if mirror.displayStyle == .set {
        elements.sort { debugDump($0) < debugDump($1) }
      }
      writeList(
        elements.enumerated().map { (label: "[\($0.offset)]: ", value: $0.element) },
        open: "[", close: "]", empty: "[]", prefix: prefix, indent: indent, suffix: suffix
      )

    case .dictionary:
      let pairs: [(key: String, value: Any)] = mirror.children.map { child in
        let pair = Array(Mirror(reflecting: child.value).children)
        guard pair.count == 2 else { return (key: "?", value: child.value) }
        return (key: debugDumpLine(pair[0].value), value: pair[1].value)
      }
      writeList(
        pairs.sorted { $0.key < $1.key }.map { (label: "\($0.key): ", value: $0.value) },
        open: "[", close: "]", empty: "[:]", prefix: prefix, indent: indent, suffix: suffix
      )

    case .tuple:
      writeFields(mirror, open: "(", close: ")", prefix: prefix, indent: indent, suffix: suffix)

    case .class:
      let object = ObjectIdentifier(value as AnyObject)
      guard objectsInProgress.insert(object).inserted else {
        emit(indent + prefix + typeName + "(↩︎)" + suffix)
        return
      }
      defer { objectsInProgress.remove(object) }
      writeStructure(mirror, typeName: typeName, prefix: prefix, indent: indent, suffix: suffix)

    default:
      writeStructure(mirror, typeName: typeName, prefix: prefix, indent: indent, suffix: suffix)
    }
  }

  /// Writes a struct's or an object's fields.
  func writeStructure(_ mirror: Mirror, typeName: String, prefix: String, indent: String, suffix: String) {
    if mirror.children.isEmpty {
      emit(indent + prefix + typeName + "()" + suffix)
    } else {
      writeFields(mirror, open: typeName + "(", close: ")", prefix: prefix, indent: indent, suffix: suffix)
    }
  }

  func writeFields(
    _ mirror: Mirror, open: String, close: String, prefix: String, indent: String, suffix: String
  ) {
    writeList(
      mirror.children.map { (label: $0.label.map { "\($0): " } ?? "", value: $0.value) },
      open: open, close: close, empty: open + close, prefix: prefix, indent: indent, suffix: suffix
    )
  }

  func writeList(
    _ items: [(label: String, value: Any)], open: String, close: String, empty: String,
    prefix: String, indent: String, suffix: String
  ) {
    guard !items.isEmpty else {
      emit(indent + prefix + empty + suffix)
      return
    }
    emit(indent + prefix + open)
    for (index, item) in items.enumerated() {
      write(item.value, prefix: item.label, indent: indent + "  ", suffix: index < items.count - 1 ? "," : "")
    }
    emit(indent + close + suffix)
  }

  /// The description of values best shown as one token: numbers, strings, dates, ids.
  static func leafDescription(_ value: Any, mirror: Mirror) -> String? {
    switch value {
    case let string as String: return string.debugDescription
    case let substring as Substring: return String(substring).debugDescription
    case let character as Character: return String(character).debugDescription
    case let url as URL: return "URL(\(url.absoluteString.debugDescription))"
    case let date as Date: return "Date(\(date.formatted(.iso8601)))"
    case let uuid as UUID: return "UUID(\(uuid.uuidString))"
    case let data as Data: return "Data(\(data.count) bytes)"
    case let error as any Error where mirror.children.isEmpty: return "\(typeName(of: error))(\(error))"
    default: break
    }
    if mirror.children.isEmpty, mirror.displayStyle != .enum, mirror.displayStyle != .collection,
      mirror.displayStyle != .dictionary, mirror.displayStyle != .set, mirror.displayStyle != .optional
    {
      if mirror.displayStyle == nil || value is any CustomStringConvertible {
        return String(describing: value)
      }
    }
    return nil
  }

  /// The type's name without its module, keeping the nesting: `Counter.State`.
  static func typeName(of value: Any) -> String {
    let full = String(reflecting: type(of: value))
    return full.split(separator: ".", maxSplits: 1).count == 2 && !full.hasPrefix("(")
      ? String(full.split(separator: ".", maxSplits: 1)[1]) : full
  }
}
