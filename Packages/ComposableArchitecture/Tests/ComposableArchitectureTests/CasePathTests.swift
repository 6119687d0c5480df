import ComposableArchitecture
import Testing

struct CasePathTests {
  enum Inner: Equatable, CasePathable {
    case value(Int)
    case empty

    struct AllCasePaths: Sendable {
      var value: AnyCasePath<Inner, Int> {
        AnyCasePath(Inner.value) { if case .value(let v) = $0 { v } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  enum Outer: Equatable, CasePathable {
    case inner(Inner)
    case other

    struct AllCasePaths: Sendable {
      var inner: AnyCasePath<Outer, Inner> {
        AnyCasePath(Outer.inner) { if case .inner(let v) = $0 { v } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Test func caseKeyPath_resolves_embedsAndExtracts() {
    let path = AnyCasePath<Outer, Inner>(\.inner)
    #expect(path.embed(.empty) == .inner(.empty))
    #expect(path.extract(from: .inner(.value(1))) == .value(1))
    #expect(path.extract(from: .other) == nil)
  }

  @Test func nestedCaseKeyPath_goesThroughBothCases() {
    let path = AnyCasePath<Outer, Int>(\.inner.value)
    #expect(path.embed(7) == .inner(.value(7)))
    #expect(path.extract(from: .inner(.value(7))) == 7)
    #expect(path.extract(from: .inner(.empty)) == nil)
  }

  @Test func optionalAndResultCases_areBuiltIn() {
    #expect(AnyCasePath<Int?, Int>(\.some).extract(from: 3) == 3)
    struct Failure: Error, Equatable {}
    let success = AnyCasePath<Result<Int, Failure>, Int>(\.success)
    #expect(success.extract(from: .success(2)) == 2)
    #expect(success.extract(from: .failure(Failure())) == nil)
  }

  @Test func modify_valueInTheCase_changesThePayload() {
    var value = Outer.inner(.value(1))
    value.modify(\.inner.value) { $0 += 1 }
    #expect(value == .inner(.value(2)))
  }

  @MainActor
  @Test func modify_valueInAnotherCase_leavesItAndReports() async {
    var value = Outer.other
    let issues = await collectIssues { value.modify(\.inner) { $0 = .empty } }
    #expect(value == .other)
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Can't modify '") == true)
    #expect(issues.first?.contains(".other' via 'CaseKeyPath<") == true)
    #expect(issues.first?.contains("Nothing was changed: the value is in another case.") == true)
  }

  @Test func resultCatching_asyncBody_keepsTheValueOrTheError() async {
    struct Failure: Error, Equatable {}
    func fetch(_ fails: Bool) async throws(Failure) -> Int {
      await Task.yield()
      if fails { throw Failure() }
      return 42
    }
    #expect(await Result { () async throws(Failure) in try await fetch(false) } == .success(42))
    #expect(await Result { () async throws(Failure) in try await fetch(true) } == .failure(Failure()))
    let untyped = await Result { () async throws -> Int in try await fetch(false) }
    #expect((try? untyped.get()) == 42)
  }
}
