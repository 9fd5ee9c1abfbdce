/// A button of an alert or a confirmation dialog, as plain state: its title, its role, and the
/// action choosing it sends. TCA's `ButtonState`.
public struct ButtonState<Action: Sendable>: Sendable {
  /// How a button is shown.
  public enum Role: Sendable, Equatable {
    /// Closes without doing anything.
    case cancel
    /// Does something that cannot be undone.
    case destructive
  }

  /// The button's title.
  public var title: String
  /// How it is shown; `nil` for a plain button.
  public var role: Role?
  /// The action choosing it sends; `nil` for a button that only closes.
  public var action: Action?

  /// A button titled `title`.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - role: How it is shown; `nil` for a plain button.
  ///   - action: The action choosing it sends; `nil` for a button that only closes.
  public init(_ title: String, role: Role? = nil, action: Action? = nil) {
    self.title = title
    self.role = role
    self.action = action
  }

  /// What a view sends in the parent's case when the user chooses the button: the button's
  /// action, presented, or `.dismiss` for a button without one.
  ///
  /// ```swift
  /// store.send(.alert(button.chosen))
  /// ```
  public var chosen: PresentationAction<Action> {
    action.map { .presented($0) } ?? .dismiss
  }
}

extension ButtonState: Equatable where Action: Equatable {}

/// An alert as plain state: a title, a message and buttons with their actions. TCA's
/// `AlertState`. A feature keeps it optional in its state and presents it with
/// `ifLet(_:action:)`, which clears it when a button is chosen:
///
/// ```swift
/// state.alert = AlertState(
///   title: "Delete the draft?",
///   buttons: [
///     ButtonState("Delete", role: .destructive, action: .confirmDeletion),
///     ButtonState("Cancel", role: .cancel),
///   ])
/// ```
public struct AlertState<Action: Sendable>: Sendable {
  /// The title.
  public var title: String
  /// The message under the title, if any.
  public var message: String?
  /// The buttons, in order; a view shows one that closes when there are none.
  public var buttons: [ButtonState<Action>]

  /// An alert.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - message: The message under it, if any.
  ///   - buttons: The buttons, in order.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable where Action: Equatable {}
