import Testing

@testable import ComposableArchitecture

struct DumpDiffTests {
  struct Profile: Equatable {
    var name: String
    var tags: [String]
    var status: Status
    var scores: [String: Int]
  }

  enum Status: Equatable {
    case online
    case away(minutes: Int)
  }

  @Test func dump_nestedValue_isStructuralAndSorted() {
    let profile = Profile(name: "IU", tags: ["a"], status: .away(minutes: 5), scores: ["b": 2, "a": 1])
    #expect(
      debugDump(profile) == """
        DumpDiffTests.Profile(
          name: "IU",
          tags: [
            [0]: "a"
          ],
          status: .away(
            minutes: 5
          ),
          scores: [
            "a": 1,
            "b": 2
          ]
        )
        """)
  }

  @Test func dumpLine_enumWithPayload_fitsOnOneLine() {
    #expect(debugDumpLine(Status.away(minutes: 5)) == ".away(minutes: 5)")
    #expect(debugDumpLine(Status.online) == ".online")
    #expect(debugDumpLine(Int?.none as Any) == "nil")
  }

  @Test func diff_changedField_marksOnlyThatLineWithContext() {
    let old = Profile(name: "IU", tags: [], status: .online, scores: [:])
    var new = old
    new.name = "아이유"
    #expect(
      debugDiff(old, new) == """
          DumpDiffTests.Profile(
        −   name: "IU",
        +   name: "아이유",
            tags: [],
            status: .online,
            scores: [:]
          )
        """)
  }

  @Test func diff_equalValues_isNil() {
    let profile = Profile(name: "a", tags: [], status: .online, scores: [:])
    #expect(debugDiff(profile, profile) == nil)
  }

  @Test func diff_longUnchangedRuns_areFolded() {
    let old = Array(0..<20)
    var new = old
    new[10] = 99
    let diff = debugDiff(old, new) ?? ""
    #expect(diff.contains("−   [10]: 10,\n+   [10]: 99,"))
    #expect(diff.contains("… (7 unchanged)"))
  }
}
