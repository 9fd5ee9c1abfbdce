extension DependencyValues {
  /// A clock that keeps counting while the device sleeps: `ContinuousClock()` live; in a
  /// `TestStore`, its ``ManualClock``. For work that waits on a particular kind of clock, as
  /// TCA's `continuousClock`; ``clock``, its store's clock, suits most effects.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockDependency.self] }
    set { self[ContinuousClockDependency.self] = newValue }
  }

  /// A clock that stops while the device sleeps: `SuspendingClock()` live; in a `TestStore`, its
  /// ``ManualClock``, as TCA's `suspendingClock`.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockDependency.self] }
    set { self[SuspendingClockDependency.self] = newValue }
  }

  /// The random number generator of a feature's randomness: the system's live; in tests, one
  /// seeded with 0, so that every run draws the same numbers (TCA's `withRandomNumberGenerator`).
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  /// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  /// ```
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[RandomNumberGeneratorDependency.self] }
    set { self[RandomNumberGeneratorDependency.self] = newValue }
  }
}

/// A random number generator that effects on any thread may use, one at a time: the value of
/// ``DependencyValues/withRandomNumberGenerator``.
public final class WithRandomNumberGenerator: Sendable {
  private let generator: Locked<any RandomNumberGenerator>

  /// Wraps `generator`.
  ///
  /// - Parameter generator: The generator every call draws from, in turn.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = Locked(generator)
  }

  /// Calls `body` with the generator, which no other call uses meanwhile.
  ///
  /// - Parameter body: Draws from the generator.
  /// - Returns: What `body` returns.
  public func callAsFunction<Result>(
    _ body: (inout any RandomNumberGenerator) throws -> Result
  ) rethrows -> Result {
    try generator.withLock { try body(&$0) }
  }
}

/// SplitMix64: a small generator whose numbers depend only on its seed, for the test value of
/// ``DependencyValues/withRandomNumberGenerator``.
struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// The key of ``DependencyValues/continuousClock``: no test value (a `TestStore` sets its clock).
private struct ContinuousClockDependency: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
}

/// The key of ``DependencyValues/suspendingClock``: no test value (a `TestStore` sets its clock).
private struct SuspendingClockDependency: DependencyKey {
  static var liveValue: any Clock<Duration> { SuspendingClock() }
}

/// The key of ``DependencyValues/withRandomNumberGenerator``.
private struct RandomNumberGeneratorDependency: DependencyKey {
  static var liveValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
  static var testValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))
  }
}
