import Synchronization

/// Gives access to a random number generator; a dependency so that tests can seed it.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
public final class WithRandomNumberGenerator: Sendable {
  /// The generator is only ever touched while the mutex is held.
  private struct Guarded: @unchecked Sendable {
    var generator: any RandomNumberGenerator
  }

  private let guarded: Mutex<Guarded>

  /// Creates a dependency around `generator`.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.guarded = Mutex(Guarded(generator: generator))
  }

  /// Runs `work` with exclusive access to the generator.
  public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
    try guarded.withLock { try work(&$0.generator) }
  }
}

/// A small, fast, seedable generator (SplitMix64), for tests that need repeatable randomness.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator that produces the same sequence for the same `seed`.
  public init(seed: UInt64) {
    self.state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension DependencyValues {
  /// A random number generator: the system's in apps; tests must override it.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}

enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  static var testValue: WithRandomNumberGenerator {
    reportNoTestImplementation(
      key: Self.self, value: WithRandomNumberGenerator.self, name: "withRandomNumberGenerator")
    return WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))
  }
}
