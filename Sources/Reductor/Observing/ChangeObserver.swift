/// An observer of the value at a key path of a state: after each reduced action, it reads the
/// value and calls `onChange` with it when it differs from the one it read last.
///
/// One object holds what an observer's calls share (the reader, the value read last, the
/// callback), and its subscription's function captures only this object: a function that
/// captured them one by one unpacked each from its context on every call, through a forwarding
/// thunk, once per observer and action (`observe.keyPath.changed.x10`).
///
/// `last` is not checked for exclusivity at run time: the observer is used on the store's owner
/// only, by calls that read and write it before they call out (an action sent from `onChange` is
/// reduced after the current one, so a call never runs inside another).
@usableFromInline
final class ChangeObserver<State, Value: Equatable> {
  @usableFromInline let reader: StateReader<State, Value>
  @exclusivity(unchecked) @usableFromInline var last: Value
  @usableFromInline let onChange: (Value) -> Void

  /// Reads the value in `state` now, as the value to compare the next one with.
  @inlinable
  init(
    _ keyPath: KeyPath<State, Value>, in state: State,
    onChange: @escaping (Value) -> Void
  ) {
    reader = StateReader(keyPath)
    last = reader.read(state)
    self.onChange = onChange
  }

  /// Calls `onChange` with the value in the state `state` points to, if it changed.
  @inlinable
  func receive(_ state: UnsafePointer<State>) {
    let value = reader.read(state)
    guard value != last else { return }
    last = value
    onChange(value)
  }
}

/// It stays on the store's owner, with the observers that call it.
@available(*, unavailable)
extension ChangeObserver: Sendable {}
