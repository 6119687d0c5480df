/// Qualifies the type names in a payload that are declared in a type enclosing the enum.
///
/// Generated code extends `Outer.Inner`, and Swift looks names up in an extension's type but not
/// in the types around it: `case path(StackActionOf<Path>)` inside `Outer.Action` must become
/// `Outer.Path` in `extension Outer.Action`.
struct TypeQualifier: Sendable {
  /// Full names of every type declared in the module.
  var declared: Set<String>

  func qualify(_ type: String, in path: [String]) -> String {
    var result = ""
    var word = ""
    var previous: Unicode.Scalar = " "
    func flush() {
      guard !word.isEmpty else { return }
      result += previous == "." ? word : resolve(word, in: path)
      word = ""
    }
    for scalar in type.unicodeScalars {
      if scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        if word.isEmpty { previous = result.unicodeScalars.last ?? " " }
        word.unicodeScalars.append(scalar)
      } else {
        flush()
        result.unicodeScalars.append(scalar)
      }
    }
    flush()
    return result
  }

  private func resolve(_ name: String, in path: [String]) -> String {
    if declared.contains((path + [name]).joined(separator: ".")) { return name }
    var outer = path.dropLast()
    while !outer.isEmpty {
      let candidate = (outer + [name]).joined(separator: ".")
      if declared.contains(candidate) { return candidate }
      outer = outer.dropLast()
    }
    return name
  }
}
