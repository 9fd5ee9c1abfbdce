public import Foundation
public import Reductor

extension DependencyValues {
  /// Makes UUIDs: `UUID()` live; in tests, ``UUIDGenerator/incrementing``, so a test knows each
  /// id its feature makes (`UUID(0)`, `UUID(1)`, …), as TCA's `uuid`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// state.todos.append(Todo(id: uuid(), title: ""))
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDDependency.self] }
    set { self[UUIDDependency.self] = newValue }
  }
}

/// Makes a UUID each time it is called: the value of `DependencyValues.uuid`.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate`.
  ///
  /// - Parameter generate: Makes a UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID.
  ///
  /// - Returns: The UUID.
  public func callAsFunction() -> UUID {
    generate()
  }

  /// A generator of `UUID(0)`, then `UUID(1)`, and so on: `00000000-0000-0000-0000-000000000000`,
  /// `00000000-0000-0000-0000-000000000001`, …; each generator counts from zero.
  public static var incrementing: UUIDGenerator {
    let next = Locked(0)
    return UUIDGenerator {
      let number = next.withLock { count in
        defer { count += 1 }
        return count
      }
      return UUID(number)
    }
  }

  /// A generator that always gives `uuid`.
  ///
  /// - Parameter uuid: The UUID to give.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }
}

extension UUID {
  /// The UUID whose last twelve hexadecimal digits are `value`, the others zero: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`; for tests' expected ids.
  ///
  /// - Parameter value: A number from 0 to 2⁴⁸ − 1.
  public init(_ value: Int) {
    let digits = String(UInt64(truncatingIfNeeded: value) & 0xFFFF_FFFF_FFFF, radix: 16)
    let padded = String(repeating: "0", count: 12 - digits.count) + digits
    self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }
}

/// The key of `DependencyValues.uuid`.
private struct UUIDDependency: DependencyKey {
  static var liveValue: UUIDGenerator { UUIDGenerator { UUID() } }
  static var testValue: UUIDGenerator { .incrementing }
}
