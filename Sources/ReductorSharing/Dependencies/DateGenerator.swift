public import Foundation
public import Reductor

extension DependencyValues {
  /// Gives the current date: `Date()` live. It has no test value: a test that reads it gives it
  /// one, such as ``DateGenerator/constant(_:)``, as with TCA's `date`; read without one, it
  /// reports a `missingTestDependency` diagnostic naming its key and gives the live date.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// state.createdAt = date.now
  /// ```
  public var date: DateGenerator {
    get { self[DateDependency.self] }
    set { self[DateDependency.self] = newValue }
  }
}

/// Gives a date each time it is called: the value of `DependencyValues.date`.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls `generate`.
  ///
  /// - Parameter generate: Gives a date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The date now, as the generator gives it.
  ///
  /// - Returns: The date.
  public func callAsFunction() -> Date {
    generate()
  }

  /// The date now, as the generator gives it.
  public var now: Date {
    generate()
  }

  /// A generator that always gives `date`.
  ///
  /// - Parameter date: The date to give.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

/// The key of `DependencyValues.date`: no test value.
private struct DateDependency: DependencyKey {
  static var liveValue: DateGenerator { DateGenerator { Date() } }
}
