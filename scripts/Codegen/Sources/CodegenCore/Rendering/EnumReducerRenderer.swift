/// Writes what `@Reducer enum` would for a reducer whose `State` is an enum of features' states
/// (`case chat(ChatFeature.State)`): the matching `Action` enum and a `body` that runs each
/// feature's reducer in its own case. (Its `init()` is the synthesized one: Swift refuses an
/// `init()` in an extension of a struct that has it, and only the parent creates the reducer.)
struct EnumReducerRenderer: Sendable {
  /// A case whose payload is not one feature's `State`.
  struct Problem: Error, Equatable {
    var line: Int
    var message: String
  }

  /// The `Action` enum the reducer gets, as a declaration, so its case paths are generated too.
  func action(for reducer: Declaration, state: Declaration) throws(Problem) -> Declaration {
    var cases: [EnumCase] = []
    for enumCase in state.cases {
      guard enumCase.payload.count == 1, enumCase.payload[0].label == nil,
        enumCase.payload[0].type.hasSuffix(".State")
      else {
        throw Problem(
          line: enumCase.line,
          message:
            "case '\(enumCase.name)' of \(state.name) must hold one feature's state (`case \(enumCase.name)(SomeFeature.State)`)"
        )
      }
      let feature = String(enumCase.payload[0].type.dropLast(".State".count))
      cases.append(
        EnumCase(
          name: enumCase.name, payload: [.init(label: nil, type: feature + ".Action")], line: enumCase.line))
    }
    return Declaration(
      kind: .enum, path: reducer.path + ["Action"], access: reducer.access, inherited: state.inherited,
      isGeneric: false, markers: [], line: reducer.line, bodyEnd: 0, cases: cases, properties: [],
      nestedTypes: [])
  }

  func render(reducer: Declaration, action: Declaration) -> String {
    let access = reducer.accessPrefix
    var out = "extension \(reducer.name) {\n"
    out += "  /// The actions of the feature shown in each case of ``State``.\n"
    out += "  \(access)enum Action: \(action.inherited.joined(separator: ", ")) {\n"
    for enumCase in action.cases {
      let feature = enumCase.payload[0].type.dropLast(".Action".count)
      out +=
        "    /// ``\(feature.replacingOccurrences(".", "/"))``'s actions, while the state is ``State/\(enumCase.name)``.\n"
      out += "    case \(Identifier.escaped(enumCase.name))(\(enumCase.payload[0].type))\n"
    }
    out += "  }\n\n"
    out += "  /// Each case's feature, run while the state is in that case.\n"
    // The builder is named: Swift infers it from the protocol only where the conformance is declared.
    out += "  @ReducerBuilder<State, Action>\n"
    out += "  \(access)var body: some ReducerOf<Self> {\n"
    for enumCase in action.cases {
      let feature = enumCase.payload[0].type.dropLast(".Action".count)
      out += "    Scope(state: \\.\(enumCase.name), action: \\.\(enumCase.name)) { \(feature)() }\n"
    }
    out += "  }\n}\n"
    return out
  }
}

extension StringProtocol {
  func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
    String(map { $0 == target ? replacement : $0 })
  }
}
