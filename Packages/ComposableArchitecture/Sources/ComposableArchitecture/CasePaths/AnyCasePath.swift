/// A pair of functions that put a value into an enum case and take it back out.
public struct AnyCasePath<Root, Value>: Sendable {
  @usableFromInline let embedFunction: @Sendable (Value) -> Root
  @usableFromInline let extractFunction: @Sendable (Root) -> Value?

  /// Creates a case path from the case's constructor and a pattern match.
  ///
  /// ```swift
  /// AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
  /// ```
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedFunction = embed
    self.extractFunction = extract
  }

  /// Creates a case path from closures that embed and extract.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(embed, extract: extract)
  }

  /// Resolves a ``CaseKeyPath`` such as `\.child` into a case path.
  public init(_ keyPath: CaseKeyPath<Root, Value>) where Root: SendableMetatype, Value: SendableMetatype {
    // Every chain starts at `Case<Root>.identity`, so it is a chain from `Root`.
    let chain = Case<Root>.identity[keyPath: keyPath].chain as! TypedCaseChain<Root, Value>
    self = chain.path
  }

  /// Puts `value` into the case.
  @inlinable
  public func embed(_ value: Value) -> Root { embedFunction(value) }

  /// The case's payload, or `nil` when `root` is in another case.
  @inlinable
  public func extract(from root: Root) -> Value? { extractFunction(root) }

  /// A case path through this case and then `next`.
  public func appending<Next>(_ next: AnyCasePath<Value, Next>) -> AnyCasePath<Root, Next> {
    AnyCasePath<Root, Next>(
      embed: { embedFunction(next.embed($0)) },
      extract: { extractFunction($0).flatMap(next.extract(from:)) }
    )
  }
}
