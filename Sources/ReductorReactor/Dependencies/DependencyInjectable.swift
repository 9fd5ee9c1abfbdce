public import Reductor

/// ReactableKit's dependency key: a type that gives the value of its dependency in each context,
/// `real` for programs and, by default, for previews and tests.
///
/// ```swift
/// extension Service: DependencyInjectable {
///   static var real: any ServiceProtocol { Service() }
///   static var test: any ServiceProtocol { Service.TestMock() }
/// }
///
/// extension GlobalDependencyKey {
///   var service: any ServiceProtocol { self[Service.self] }
/// }
/// ```
///
/// It is a `DependencyKey` of the core: `real`, `preview` and `test` are its live, preview and
/// test values, read with `@Dependency(\.service)` and overridden with `withDependencies`. The
/// value must be `Sendable`: a protocol type refines `Sendable`. Unlike a `DependencyKey`
/// without a test value, one without `test` uses `real` in tests silently, as in ReactableKit.
public protocol DependencyInjectable: DependencyKey where Value == DependencyType {
  /// The dependency's type.
  associatedtype DependencyType: Sendable

  /// The value a program uses.
  static var real: DependencyType { get }
  /// The value of previews; ``real`` by default.
  static var preview: DependencyType { get }
  /// The value of tests; ``real`` by default.
  static var test: DependencyType { get }
}

extension DependencyInjectable {
  /// ``real``.
  public static var preview: DependencyType {
    real
  }

  /// ``real``.
  public static var test: DependencyType {
    real
  }

  /// ``real``.
  public static var liveValue: DependencyType {
    real
  }

  /// ``preview``.
  public static var previewValue: DependencyType {
    preview
  }

  /// ``test``.
  public static var testValue: DependencyType {
    test
  }
}
