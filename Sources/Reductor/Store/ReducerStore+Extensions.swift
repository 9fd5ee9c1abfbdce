extension ReducerStore {
  /// Installs an extension: from the next action on, the store calls the hooks it declares, after
  /// those of the extensions installed before it. Installing one that is installed does nothing.
  ///
  /// ```swift
  /// let counter = ActionCounter()
  /// store.install(counter)
  /// ```
  ///
  /// - Parameter storeExtension: The extension; the store keeps it until it is removed or the
  ///   store is released.
  @inlinable
  public func install(_ storeExtension: some StoreExtension<State, Action>) {
    guard !isInstalled(storeExtension) else { return }
    kernel.extensions.append(.init(storeExtension))
    extensionsChanged()
  }

  /// Whether `storeExtension` is installed.
  @usableFromInline
  func isInstalled(_ storeExtension: any StoreExtension<State, Action>) -> Bool {
    kernel.extensions.contains { $0.body === storeExtension }
  }

  /// Removes an extension; removing one that is not installed does nothing.
  ///
  /// - Parameter storeExtension: The extension.
  public func remove(_ storeExtension: some StoreExtension<State, Action>) {
    kernel.extensions.removeAll { $0.body === storeExtension }
    extensionsChanged()
  }

  /// The first installed extension of type `type`, if any.
  @usableFromInline package func installedExtension<Extension: StoreExtension>(
    ofType type: Extension.Type
  ) -> Extension? {
    for installed in kernel.extensions {
      if let body = installed.body as? Extension { return body }
    }
    return nil
  }

  /// The mark of the action the store is handling (reducing it, or starting its effect), if
  /// the marking extension marked it; see ``ActionMarking``.
  @usableFromInline package var currentMark: (any AnyObject & Sendable)? {
    kernel.mark
  }

  /// Computes what the store reads on every action: the union of the hooks, the last marking
  /// extension and its marker.
  @usableFromInline
  func extensionsChanged() {
    kernel.hooks = kernel.extensions.reduce(into: []) { $0.formUnion($1.hooks) }
    kernel.marking = kernel.extensions.last { $0.body is any ActionMarking<Action> }
    let marker = (kernel.marking?.body as? any ActionMarking<Action>)?.marker
    kernel.marker = marker
    inbox.setMarker(marker)
  }
}
