/// Formats any value by reflection (`Mirror`), as ``ReducerStore/logging(_:name:to:formatState:)``
/// shows states and actions, and compares two values field by field.
///
/// Values need no protocol conformance. The formatter prints:
///
/// - structures, classes and tuples as their type name, then one `  - label: value` line per
///   stored property, nested values indented two more spaces per level; a class's inherited
///   properties come first;
/// - enum cases by name, with their associated values in parentheses (`loaded(42)`,
///   `moved(x: 1, y: 2)`); a payload with lines of its own shows its type in the parentheses
///   (`selected(Item)`) and its lines beneath;
/// - optionals as their wrapped value or `nil`;
/// - arrays as `[index]: element` lines, dictionaries as `[key]: value` lines sorted by the key's
///   text, sets as one line per member sorted by its text; empty ones as `[]` or `[:]`;
/// - strings and characters quoted, numbers and other standard library and Foundation values
///   (`Duration`, ranges, dates) by their `description`;
/// - stored properties whose names start with `_$`, such as Observation's
///   `_$observationRegistrar`, as name and type only: `_$observationRegistrar:
///   ObservationRegistrar (omitted)`. Other names, `_count` included, are kept as they are.
///
/// A class instance met again on the path from the root to itself is printed once, then shown
/// as `TypeName (cycle)`. Three limits keep output bounded; what a limit cuts is replaced by a
/// line starting with `- ...` that says how much was cut and which limit cut it.
///
/// ```swift
/// let formatter = MirrorFormatter()
/// print(formatter.format(AppState()))
/// // AppState
/// //   - settings: SettingsState
/// //     - volume: 5
/// //   - title: "app"
/// ```
///
/// `MirrorFormatter` is `Sendable`: it holds only its limits.
public struct MirrorFormatter: Sendable {
  private let limits: FormatLimits

  /// Creates a formatter with the given limits.
  ///
  /// - Parameters:
  ///   - maxDepth: How many levels of nested values are shown below the root; the children of a
  ///     value at the last level are replaced by one `- ... N children cut` line.
  ///   - maxChildren: How many children of one value are shown; the rest are replaced by one
  ///     `- ... N more children cut` line.
  ///   - maxValues: How many values one call shows in total, the root included (at least one);
  ///     once reached, one `- ... the rest is cut` line ends the output.
  public init(maxDepth: Int = 10, maxChildren: Int = 100, maxValues: Int = 1_000) {
    self.limits = FormatLimits(
      maxDepth: maxDepth, maxChildren: maxChildren, maxValues: maxValues)
  }

  /// Formats a value: the value's type name on the first line, then its `  - label: value` lines.
  ///
  /// A value without lines of its own (a number, a string, an enum case, `nil`) is one line: the
  /// value itself.
  ///
  /// ```swift
  /// MirrorFormatter().format(CounterState(count: 3, title: "counter"))
  /// // CounterState
  /// //   - count: 3
  /// //   - title: "counter"
  /// MirrorFormatter().format(CounterAction.loaded(42))  // loaded(42)
  /// ```
  ///
  /// - Parameter value: The value to format.
  /// - Returns: The formatted value, one line per value shown, without a trailing newline.
  public func format(_ value: Any) -> String {
    reflect(value).text
  }

  /// Compares two values as ``format(_:)`` shows them and lists each changed field.
  ///
  /// Nil when both values format identically; otherwise lines naming each changed field by its
  /// path (e.g. `settings.audio.volume`) with `- old` and `+ new` lines beneath it.
  ///
  /// The layout, one block per change, in the order of the fields:
  ///
  /// - the path on a line of its own, not indented: properties joined with dots
  ///   (`settings.audio.volume`), array elements by index (`items[2]`), dictionary entries by
  ///   key (`scores["bob"]`); `self` when the whole value changed (`self[1]` for an element of
  ///   a root array);
  /// - the old value on a line starting with `  - `, the new value on a line starting with
  ///   `  + `, each formatted as by ``format(_:)``; when that takes several lines, the following
  ///   ones are indented four more spaces, so that they line up under the value's first line.
  ///
  /// Structures, classes and tuples are compared property by property, arrays index by index,
  /// dictionaries key by key; a payload is compared field by field under the enum's path while
  /// the case stays the same. An element or entry that was added has only a `+` line, one that
  /// was removed only a `-` line. A set lists, under its own path, the members it lost (`-`) and
  /// then those it gained (`+`). A value that changed as a whole (another enum case, `nil` to a
  /// value, a changed number or string) is shown in full on both lines. Parts cut by the limits
  /// are compared only through their marker lines.
  ///
  /// ```swift
  /// // old.settings.audio.volume == 5, old.items == ["a"], old.selection == nil
  /// var new = old
  /// new.settings.audio.volume = 6
  /// new.items.append("b")
  /// new.selection = Item(title: "Milk")
  /// print(MirrorFormatter().diff(from: old, to: new)!)
  /// // settings.audio.volume
  /// //   - 5
  /// //   + 6
  /// // items[1]
  /// //   + "b"
  /// // selection
  /// //   - nil
  /// //   + Item
  /// //       - title: "Milk"
  /// ```
  ///
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  /// - Returns: The diff, one line per path, old or new value, without a trailing newline; nil
  ///   when there is no difference.
  public func diff(from old: Any, to new: Any) -> String? {
    diff(from: reflect(old), to: reflect(new))
  }

  /// Reflects `value` within this formatter's limits.
  func reflect(_ value: Any) -> FormattedValue {
    var reflector = ValueReflector(limits: limits)
    return reflector.reflect(value)
  }

  /// The diff of two already reflected values; see ``diff(from:to:)``.
  func diff(from old: FormattedValue, to new: FormattedValue) -> String? {
    let lines = ValueDiff.lines(from: old, to: new)
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }
}
