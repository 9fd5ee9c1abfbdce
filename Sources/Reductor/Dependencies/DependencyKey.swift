/// The key of a dependency: its type, and the values it has in each ``DependencyContext``.
///
/// ```swift
/// struct NumberFactKey: DependencyKey {
///   static let liveValue = NumberFact { number in try await fetchFact(about: number) }
///   static let testValue = NumberFact { number in "\(number) is a number." }
/// }
///
/// extension DependencyValues {
///   var numberFact: NumberFact {
///     get { self[NumberFactKey.self] }
///     set { self[NumberFactKey.self] = newValue }
///   }
/// }
/// ```
///
/// Each value is made once per context and shared: the first read makes it, however many tasks
/// read it at once.
public protocol DependencyKey: SendableMetatype {
  /// The dependency's type.
  associatedtype Value: Sendable

  /// The value a program uses.
  static var liveValue: Value { get }
  /// The value of previews and demonstrations; ``liveValue`` by default.
  static var previewValue: Value { get }
  /// The value of tests. By default, reading it reports that the key has none (a test store
  /// fails the test, naming the key) and gives ``previewValue``: a test never uses a live
  /// dependency silently.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// ``liveValue``.
  public static var previewValue: Value {
    liveValue
  }

  /// ``previewValue``, after reporting that the key has no test value.
  public static var testValue: Value {
    DependencyValues.reportMissingTestValue(of: Self.self)
    return previewValue
  }
}

/// Where a dependency is used: its values differ by context.
///
/// It is set explicitly, never guessed from the process: ``DependencyValues/context`` is
/// ``live`` unless a test store (``test``) or the program (``preview``) says otherwise.
public enum DependencyContext: Sendable, Hashable {
  /// A program: ``DependencyKey/liveValue``.
  case live
  /// A preview or a demonstration: ``DependencyKey/previewValue``.
  case preview
  /// A test: ``DependencyKey/testValue``.
  case test
}
