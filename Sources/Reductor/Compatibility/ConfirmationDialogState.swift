/// A confirmation dialog (an action sheet) as plain state: TCA's `ConfirmationDialogState`. It
/// holds what an alert holds — a title, a message, the choices with their actions — so it is
/// an ``AlertState``: a feature keeps it in a field of its own, and its view shows that field as
/// a dialog. It is presented and cleared as an alert is.
public typealias ConfirmationDialogState<Action: Sendable> = AlertState<Action>
