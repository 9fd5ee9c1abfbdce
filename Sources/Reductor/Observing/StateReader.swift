/// Reads the value at a key path of a state, cheaply for a stored property.
///
/// Applying a `KeyPath` at run time looks up generic metadata and walks the path's components on
/// every read, in every observer's call (`observe.keyPath.*`; see Benchmarks/NOTES.md). For a
/// stored property of a struct (nested ones included), `MemoryLayout.offset(of:)` gives the
/// value's fixed place in the state, and a read is a load from there; other paths (computed
/// properties, class states) are applied as key paths.
@usableFromInline
struct StateReader<State, Value> {
  @usableFromInline let keyPath: KeyPath<State, Value>
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: KeyPath<State, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<State>.offset(of: keyPath)
  }

  @inlinable
  func read(_ state: State) -> Value {
    withUnsafePointer(to: state) { read($0) }
  }

  /// The value in the state `state` points to.
  @inlinable
  func read(_ state: UnsafePointer<State>) -> Value {
    guard let offset else { return state.pointee[keyPath: keyPath] }
    return UnsafeRawPointer(state).load(fromByteOffset: offset, as: Value.self)
  }
}

/// The value an observer read last, in a box its calls share.
///
/// Its accesses are not checked for exclusivity at run time: the box is used on the main actor
/// only, by the calls of one observer, each of which reads and writes it before it calls out (an
/// action sent from a callback is reduced after the current one, so a call never runs inside
/// another), so run-time checks would guard nothing, in every observer's call.
@usableFromInline
final class LastRead<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

/// Used on the main actor only, by one observer's calls.
@available(*, unavailable)
extension LastRead: Sendable {}

/// Holds a key path into a state that is read on the main actor only.
@available(*, unavailable)
extension StateReader: Sendable {}
