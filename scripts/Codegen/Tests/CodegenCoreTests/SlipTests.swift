import Testing

@testable import CodegenCore

@Suite struct SlipTests {
  @Test func handWrittenCasePath_embeddingOneCaseAndExtractingAnother_isFlagged() {
    // Both cases hold `Room.State`, so this compiles and routes `\.artistRoom` to `.fanRoom`.
    let source = """
      enum Rooms: CasePathable {
        case fanRoom(Room.State)
        case artistRoom(Room.State)
        struct AllCasePaths: Sendable {
          var fanRoom: AnyCasePath<Rooms, Room.State> {
            AnyCasePath(Rooms.fanRoom) { if case .fanRoom(let v) = $0 { v } else { nil } }
          }
          var artistRoom: AnyCasePath<Rooms, Room.State> {
            AnyCasePath(Rooms.artistRoom) {
              if case .fanRoom(let v) = $0 { v } else { nil }
            }
          }
        }
      }
      """
    let findings = SlipDetector.findings(in: source, file: "Rooms.swift")
    #expect(
      findings.map(\.description) == [
        "Rooms.swift:9: error: [case-path-slip] this case path embeds into '.artistRoom' but extracts from "
          + "'.fanRoom'; fix: declare the enum `CasePathable` without an `AllCasePaths` and run scripts/codegen"
      ])
  }

  @Test func scopeNamingDifferentCases_isFlagged_andMatchingOnesAreNot() {
    let source = """
      var body: some ReducerOf<Self> {
        Scope(state: \\.fanRoom, action: \\.artistRoom) { Room() }
        Scope(state: \\.profile, action: \\.profile) { Profile() }
        Reduce { _, _ in .none }
          .ifLet(\\.$destination, action: \\.destination) { Destination() }
          .ifCaseLet(\\.fanRoom, action: \\.artistRoom) { Room() }
      }
      """
    let findings = SlipDetector.findings(in: source, file: "F.swift")
    #expect(findings.map(\.line) == [2, 6])
    #expect(findings.allSatisfy { $0.rule == "scope-slip" })
  }

  @Test func scopeOfTheWholeState_onOneActionCase_isNotASlip() {
    let source = """
      var body: some ReducerOf<Self> {
        Scope(state: \\.self, action: \\.view) { ViewReducer() }
      }
      """
    #expect(SlipDetector.findings(in: source, file: "F.swift").isEmpty)
  }

  @Test func slipInsideACommentOrString_isIgnored() {
    let source = """
      // AnyCasePath(Rooms.a) { if case .b(let v) = $0 { v } else { nil } }
      let text = "Scope(state: \\.a, action: \\.b)"
      """
    #expect(SlipDetector.findings(in: source, file: "F.swift").isEmpty)
  }
}
