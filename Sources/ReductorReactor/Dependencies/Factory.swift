/// ReactableKit's factory: a type made from a payload, whose `Factory` makes instances of it and
/// can be a dependency.
///
/// ```swift
/// final class Greeting: Factory {
///   struct Payload: Sendable { var name: String }
///   let payload: Payload
///   init(payload: Payload) { self.payload = payload }
/// }
///
/// extension Greeting: DependencyInjectable {
///   static var real: Greeting.Factory { .init() }
/// }
/// ```
///
/// Types that must be made on the main actor adopt ``ViewFactory`` instead.
public protocol Factory: SendableMetatype {
  /// What an instance is made from.
  associatedtype Payload
  /// Makes an instance from `payload`.
  init(payload: Payload)
}

extension Factory {
  /// The factory of this type.
  public typealias Factory = ObjectFactory<Self>
}

/// Makes instances of a ``Factory`` type from their payloads.
public struct ObjectFactory<Product: Factory>: Sendable {
  /// Creates the factory.
  public init() {}

  /// Makes an instance.
  ///
  /// - Parameter payload: What it is made from.
  /// - Returns: The instance.
  public func create(payload: Product.Payload) -> Product {
    Product(payload: payload)
  }
}

/// ReactableKit's factory of types made on the main actor, such as views and view models.
@MainActor
public protocol ViewFactory {
  /// What an instance is made from.
  associatedtype Payload
  /// Makes an instance from `payload`.
  init(payload: Payload)
}

extension ViewFactory {
  /// The factory of this type.
  public typealias Factory = ViewObjectFactory<Self>
}

/// Makes instances of a ``ViewFactory`` type from their payloads, on the main actor.
public struct ViewObjectFactory<Product: ViewFactory>: Sendable {
  /// Creates the factory.
  public init() {}

  /// Makes an instance.
  ///
  /// - Parameter payload: What it is made from.
  /// - Returns: The instance.
  @MainActor
  public func create(payload: Product.Payload) -> Product {
    Product(payload: payload)
  }
}

/// A factory of values of one type, `Output`, made from `Payload`s by any factory whose
/// products become `Output`: a dependency whose test value makes mocks.
///
/// ```swift
/// static var real: AnyFactory<any Greeter, Greeting.Payload> {
///   AnyFactory(factory: Greeting.Factory()) { $0 }
/// }
/// ```
public struct AnyFactory<Output, Payload>: Sendable {
  private let make: @Sendable (Payload) -> Output

  /// A factory that makes its values with `factory` and turns each product into an `Output`.
  ///
  /// - Parameters:
  ///   - factory: The factory of the products.
  ///   - transform: Turns a product into an `Output`: `{ $0 }` when the product is one.
  public init<Product: Factory>(
    factory: ObjectFactory<Product>, transform: @escaping @Sendable (Product) -> Output
  ) where Product.Payload == Payload {
    make = { transform(factory.create(payload: $0)) }
  }

  /// A factory that makes its values with `make`.
  ///
  /// - Parameter make: Makes a value from a payload.
  public init(_ make: @escaping @Sendable (Payload) -> Output) {
    self.make = make
  }

  /// Makes a value.
  ///
  /// - Parameter payload: What it is made from.
  /// - Returns: The value.
  public func create(payload: Payload) -> Output {
    make(payload)
  }
}
