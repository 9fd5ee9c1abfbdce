extension Instrumentation {
  /// The environment variables of other libraries that switch on every store's
  /// instrumentation as `REDUCTOR_INSTRUMENT` does: ReactableKit's `REACTABLE_INSTRUMENT`.
  ///
  /// ReactableKit's users know the name from `ReductorReactor`, but the core keeps it: the
  /// switch is read once, when a store first asks for it, and no other module can add a name
  /// before that without a call of its own, which a program would have to make.
  static let switchNamesOfOtherLibraries = ["REACTABLE_INSTRUMENT"]
}
