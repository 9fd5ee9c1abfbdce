public import Reductor

/// ReactableKit's name for `Pulse`: a state field whose every assignment is an event, followed
/// with `store.pulses(of: \.$field)` or, on a reactable, ``Reactable/emit(_:)``.
public typealias Emit = Pulse
