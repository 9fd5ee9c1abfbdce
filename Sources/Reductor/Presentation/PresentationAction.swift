/// The actions of a child that is presented while its optional state is there: its own actions,
/// and its dismissal. TCA's `PresentationAction`.
///
/// A parent's case carries them (`case detail(PresentationAction<Detail.Action>)`), and
/// `ifLet(_:action:then:)` with that case runs the child on them: a ``PresentationReducer``.
public enum PresentationAction<Action: Sendable>: Sendable {
  /// An action of the presented child.
  case presented(Action)
  /// The child is dismissed: sent by a view that closes it, or by the child's ``DismissEffect``.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}

/// Ends the presented child whose effect calls it: TCA's `dismiss` dependency.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// // ...
/// case .saveButtonTapped:
///   return .run { _ in await dismiss() }
/// ```
///
/// Calling it sends the parent's `.dismiss` for the child: the parent reduces it, then clears
/// the child's state, which cancels the child's effects. Outside a child presented by
/// `ifLet(_:action:then:)` with a ``PresentationAction`` case, calling it changes nothing and is
/// reported as a ``StoreDiagnostic`` of kind ``StoreDiagnostic/Kind/dismissOutsidePresentation``.
public struct DismissEffect: Sendable {
  /// Where the dismissal goes; `nil` outside a presented child.
  let target: DismissTarget?

  /// Dismisses the presented child.
  ///
  /// - Parameters:
  ///   - fileID: The calling file, named in the diagnostic outside a presented child.
  ///   - line: The calling line.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    guard let target else {
      return DependencyValues.current.report(
        StoreDiagnostic(
          kind: .dismissOutsidePresentation,
          message: "dismiss() was called outside a presented child; it changed nothing. Present "
            + "the child with ifLet(_:action:then:) and a PresentationAction case.",
          error: nil, fileID: "\(fileID)", line: line))
    }
    target.dismiss()
  }
}

/// Where one presented child's dismissal goes: the delivery of the parent's `.dismiss`, set when
/// the child's effect starts (the child's reduction has no handle on the store).
final class DismissTarget: Sendable {
  private let delivery = Locked<(@Sendable () -> Void)?>(nil)

  /// Sets where a dismissal is delivered.
  func deliver(by send: @escaping @Sendable () -> Void) {
    delivery.withLock { $0 = send }
  }

  func dismiss() {
    delivery.withLock { $0 }?()
  }
}

extension DependencyValues {
  /// Dismisses the presented child whose reduction or effect reads it; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissDependency.self] }
    set { self[DismissDependency.self] = newValue }
  }
}

/// The key of ``DependencyValues/dismiss``: outside a presented child, a dismissal that reports.
private struct DismissDependency: DependencyKey {
  static var liveValue: DismissEffect { DismissEffect(target: nil) }
  static var testValue: DismissEffect { DismissEffect(target: nil) }
}
