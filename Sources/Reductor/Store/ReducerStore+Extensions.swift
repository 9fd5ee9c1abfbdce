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
    if kernel.hasRemovedExtensions, !kernel.isReducing { forgetRemovedExtensions() }
    guard !isInstalled(storeExtension) else { return }
    kernel.extensions.append(.init(storeExtension))
    extensionsChanged()
  }

  /// Whether `storeExtension` is installed.
  @usableFromInline
  func isInstalled(_ storeExtension: any StoreExtension<State, Action>) -> Bool {
    kernel.extensions.contains { $0.body === storeExtension && !$0.isRemoved }
  }

  /// Removes an extension; removing one that is not installed does nothing.
  ///
  /// - Parameter storeExtension: The extension.
  public func remove(_ storeExtension: some StoreExtension<State, Action>) {
    guard let index = kernel.extensions.firstIndex(where: { $0.body === storeExtension }) else {
      return
    }
    if kernel.isReducing {
      // A hook may be running: the rounds read the extensions by index.
      kernel.extensions[index].hooks = []
      kernel.extensions[index].isRemoved = true
      kernel.hasRemovedExtensions = true
    } else {
      kernel.extensions.remove(at: index)
    }
    extensionsChanged()
  }

  /// Forgets the extensions removed during the last round.
  @usableFromInline
  func forgetRemovedExtensions() {
    kernel.extensions.removeAll { $0.isRemoved }
    kernel.hasRemovedExtensions = false
  }

  /// The first installed extension of type `type`, if any.
  @usableFromInline func installedExtension<Extension: StoreExtension>(
    ofType type: Extension.Type
  ) -> Extension? {
    for installed in kernel.extensions where !installed.isRemoved {
      if let body = installed.body as? Extension { return body }
    }
    return nil
  }

  /// The mark of the action the store is handling (reducing it, or starting its effect), if
  /// the marking extension marked it; see ``ActionMarking``.
  @usableFromInline var currentMark: (any AnyObject & Sendable)? {
    kernel.mark
  }

  /// Computes what the store reads on every action: the union of the hooks, the last marking
  /// extension and its marker.
  @usableFromInline
  func extensionsChanged() {
    kernel.hooks = kernel.extensions.reduce(into: []) { $0.formUnion($1.hooks) }
    kernel.marking = kernel.extensions.last {
      !$0.isRemoved && $0.body is any ActionMarking<Action>
    }
    let marking = kernel.marking?.body as? any ActionMarking<Action>
    kernel.marker = marking?.marker
    kernel.dropped = marking?.dropped
    inbox.setMarker(marking?.marker, dropped: marking?.dropped)
  }
}
