/// Writes what `@Reducer enum` would for a reducer whose `State` is an enum of screens' states:
/// the matching `Action` enum and a `body` that runs each feature's reducer in its own case.
///
/// As with `@Reducer enum`, a case holds one of three things:
/// - a feature's state (`case room(RoomFeature.State)`): its `Action` case holds the feature's
///   actions (`case room(RoomFeature.Action)`), and `body` scopes the feature to the case;
/// - an `AlertState<A>` or `ConfirmationDialogState<A>`: its `Action` case holds the buttons'
///   actions (`case alert(A)`), which the parent handles;
/// - anything else (`case meeting(Meeting)`): state only, with no action and no reducer.
///
/// (Its `init()` is the synthesized one: Swift refuses an `init()` in an extension of a struct that
/// has it, and only the parent creates the reducer.)
struct EnumReducerRenderer: Sendable {
  /// The conformances `Action` always gets: what a reducer's `Action` and the generated case paths need.
  static let requiredConformances = ["Sendable", "CasePathable"]

  /// What one case of `State` is, for `Action` and `body`.
  enum Role: Equatable {
    case feature(String)
    case buttons(String)
    case stateOnly
  }

  static func role(of enumCase: EnumCase) -> Role {
    guard enumCase.payload.count == 1, enumCase.payload[0].label == nil else { return .stateOnly }
    let type = enumCase.payload[0].type
    if type.hasSuffix(".State") { return .feature(String(type.dropLast(".State".count))) }
    for presented in ["AlertState<", "ConfirmationDialogState<"]
    where type.hasPrefix(presented) && type.hasSuffix(">") {
      return .buttons(String(type.dropFirst(presented.count).dropLast()))
    }
    return .stateOnly
  }

  /// The `Action` enum the reducer gets, as a declaration, so its case paths are generated too.
  ///
  /// `conformances` are the marker's (`// codegen: enum reducer (Action: Equatable)`), not the
  /// state's: an `Equatable` state says nothing of whether every feature's actions are.
  func action(for reducer: Declaration, state: Declaration, conformances: [String]) -> Declaration {
    let cases = state.cases.compactMap { enumCase -> EnumCase? in
      switch Self.role(of: enumCase) {
      case .feature(let feature):
        EnumCase(
          name: enumCase.name, payload: [.init(label: nil, type: feature + ".Action")], line: enumCase.line)
      case .buttons(let buttons):
        EnumCase(name: enumCase.name, payload: [.init(label: nil, type: buttons)], line: enumCase.line)
      case .stateOnly:
        nil
      }
    }
    let inherited = conformances + Self.requiredConformances.filter { !conformances.contains($0) }
    return Declaration(
      kind: .enum, path: reducer.path + ["Action"], access: reducer.access, inherited: inherited,
      isGeneric: false, markers: [], line: reducer.line, bodyEnd: 0, cases: cases, properties: [],
      nestedTypes: [])
  }

  func render(reducer: Declaration, state: Declaration, action: Declaration) -> String {
    let access = reducer.accessPrefix
    var out = "extension \(reducer.name) {\n"
    out += "  /// The actions of the screen shown in each case of ``State``.\n"
    out += "  \(access)enum Action: \(action.inherited.joined(separator: ", ")) {\n"
    for enumCase in action.cases {
      let type = enumCase.payload[0].type
      let owner =
        type.hasSuffix(".Action")
        ? "``\(type.dropLast(".Action".count).replacingOccurrences(".", "/"))``'s actions"
        : "The presented buttons' actions"
      out += "    /// \(owner), while the state is ``State/\(enumCase.name)``.\n"
      out += "    case \(Identifier.escaped(enumCase.name))(\(type))\n"
    }
    out += "  }\n\n"
    out += "  /// Each case's feature, run while the state is in that case.\n"
    // The builder is named: Swift infers it from the protocol only where the conformance is declared.
    out += "  @ReducerBuilder<State, Action>\n"
    out += "  \(access)var body: some ReducerOf<Self> {\n"
    var scoped = false
    for enumCase in state.cases {
      guard case .feature(let feature) = Self.role(of: enumCase) else { continue }
      out += "    Scope(state: \\.\(enumCase.name), action: \\.\(enumCase.name)) { \(feature)() }\n"
      scoped = true
    }
    if !scoped { out += "    EmptyReducer()\n" }
    out += "  }\n}\n\n"
    // Lets `.forEach(\.path, action: \.path)` find the reducer from the stack's element state.
    out += "extension \(state.name): CaseReducerState {\n"
    out += "  /// The reducer whose state this is.\n"
    out += "  \(access)static var stateReducer: \(reducer.name) { \(reducer.name)() }\n"
    out += "}\n"
    return out
  }
}

extension StringProtocol {
  func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
    String(map { $0 == target ? replacement : $0 })
  }
}
