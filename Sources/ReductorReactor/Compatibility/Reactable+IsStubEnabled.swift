extension Reactable {
  /// Whether the reactable's stub is enabled: ReactorKit's name for `stub.isEnabled`.
  public var isStubEnabled: Bool {
    get { stub.isEnabled }
    set { stub.isEnabled = newValue }
  }
}
