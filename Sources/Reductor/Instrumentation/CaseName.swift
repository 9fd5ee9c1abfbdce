/// The name of an action's case without its payload, for instrumentation's rows and warnings.
///
/// `increment` is `increment`, `withPayload(42)` is `withPayload`, and a payload that is itself a
/// case without payload is kept: `nested(.inner)`. A value that is not an enum is named by its
/// type. Names come from reflection (`Mirror`), so an enum that customizes its mirror or its
/// description is named as they say.
@usableFromInline
enum CaseName: Sendable {
  /// The case name of `value`.
  @usableFromInline
  static func of(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return TypeName.of(type(of: value)) }
    guard let payload = mirror.children.first else { return String(describing: value) }
    let label = payload.label ?? String(describing: value)
    let inner = Mirror(reflecting: payload.value)
    if inner.displayStyle == .enum, inner.children.isEmpty {
      return "\(label)(.\(String(describing: payload.value)))"
    }
    return label
  }
}
