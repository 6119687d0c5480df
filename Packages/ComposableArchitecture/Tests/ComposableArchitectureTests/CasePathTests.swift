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
}
