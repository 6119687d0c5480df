/// A step along a ``CaseKeyPath``; the `Root` side of every case key path.
///
/// You do not create these: `\.child` in `Scope(state: \.child, action: \.child)` builds a key
/// path from `Case<Action>` to `Case<Child.Action>` through ``CasePathable/AllCasePaths``.
@dynamicMemberLookup
public struct Case<Value: SendableMetatype>: Sendable {
  let chain: any CaseChain<Value>

  /// The starting point of every case key path rooted at `Value`.
  static var identity: Case<Value> {
    Case(
      chain: TypedCaseChain<Value, Value>(path: AnyCasePath(embed: { $0 }, extract: { $0 }), isIdentity: true)
    )
  }

  /// The case of `Value` named `keyPath` in its ``CasePathable/AllCasePaths``.
  public subscript<Member: SendableMetatype>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Member>>
  ) -> Case<Member> where Value: CasePathable {
    Case<Member>(chain: chain.appending(Value.allCasePaths[keyPath: keyPath]))
  }
}

/// A case path from some root to `Value`, with the root's type kept, so that resolving a case
/// key path yields plain closures rather than casts through `Any` on every use.
protocol CaseChain<Value>: Sendable {
  associatedtype Value: SendableMetatype
  func appending<Member: SendableMetatype>(_ next: AnyCasePath<Value, Member>) -> any CaseChain<Member>
}

struct TypedCaseChain<Root: SendableMetatype, Value: SendableMetatype>: CaseChain {
  let path: AnyCasePath<Root, Value>
  /// Whether `path` is the identity from `Root` to itself, which appending can skip.
  let isIdentity: Bool

  func appending<Member: SendableMetatype>(_ next: AnyCasePath<Value, Member>) -> any CaseChain<Member> {
    // From the identity, `Value` is `Root`, so `next` already starts at the root.
    if isIdentity, let direct = next as? AnyCasePath<Root, Member> {
      return TypedCaseChain<Root, Member>(path: direct, isIdentity: false)
    }
    return TypedCaseChain<Root, Member>(path: path.appending(next), isIdentity: false)
  }
}

extension Optional: CasePathable {
  /// The case paths of an optional: `\.some`.
  public struct AllCasePaths: Sendable {
    /// The `some` case.
    public var some: AnyCasePath<Wrapped?, Wrapped> {
      AnyCasePath(embed: { Optional.some($0) }, extract: { $0 })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Result: CasePathable {
  /// The case paths of a result: `\.success` and `\.failure`.
  public struct AllCasePaths: Sendable {
    /// The `success` case.
    public var success: AnyCasePath<Result, Success> {
      AnyCasePath(Result.success) { if case .success(let value) = $0 { value } else { nil } }
    }
    /// The `failure` case.
    public var failure: AnyCasePath<Result, Failure> {
      AnyCasePath(Result.failure) { if case .failure(let error) = $0 { error } else { nil } }
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
