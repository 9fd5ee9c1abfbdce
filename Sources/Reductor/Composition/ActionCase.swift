/// How a parent's action carries a child's: the case that embeds a child action, and the way
/// back. What `ifLet` and `forEach` use to route actions, without reflection (no `Mirror`):
/// each is a closure call.
///
/// Write one per case, once, as a static member, so that the call site names the case:
///
/// ```swift
/// extension ActionCase where Parent == TodosFeature.Action, Child == TodoFeature.Action {
///   static var detail: Self {
///     ActionCase(Parent.detail) { if case .detail(let action) = $0 { action } else { nil } }
///   }
/// }
/// // ...
/// reducer.ifLet(\.detail, action: .detail, then: TodoFeature())
/// ```
public struct ActionCase<Parent: Sendable, Child: Sendable>: Sendable {
  /// Makes the parent action that carries `child`.
  public let embed: @Sendable (Child) -> Parent
  /// The child action a parent action carries, or nil for another case.
  public let extract: @Sendable (Parent) -> Child?

  /// The case `embed` makes, which `extract` reads back.
  ///
  /// - Parameters:
  ///   - embed: The case, as a function: `Action.detail`.
  ///   - extract: The child action of a parent action of that case, or nil.
  public init(
    _ embed: @escaping @Sendable (Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// The case of a row's action, whose payload is the row's id and its action:
  /// `case row(id: Todo.ID, action: TodoFeature.Action)`.
  ///
  /// - Parameters:
  ///   - embed: The case, as a function of the id and the action: `Action.row`.
  ///   - extract: The id and the action of a parent action of that case, or nil.
  public init<ID, ElementAction>(
    _ embed: @escaping @Sendable (ID, ElementAction) -> Parent,
    extract: @escaping @Sendable (Parent) -> (ID, ElementAction)?
  ) where Child == (ID, ElementAction) {
    self.embed = { embed($0.0, $0.1) }
    self.extract = extract
  }
}
