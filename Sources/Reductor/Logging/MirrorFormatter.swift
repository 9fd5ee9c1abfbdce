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
/// line starting with `- ...` that says how much was cut and which limit cut it. The limits bound
/// what is printed only: ``diff(from:to:)`` compares values whole, past every limit.
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
  /// The limits bound what ``format(_:)`` and ``diff(from:to:)`` print, not what a diff
  /// compares; ``diff(from:to:)`` says how it applies them.
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
    var reflector = ValueReflector(limits: limits)
    return reflector.reflect(value).text
  }

  /// Compares two values by reflection, field by field, and lists each changed field.
  ///
  /// Nil when both values reflect identically; otherwise lines naming each changed field by its
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
  /// value, a changed number or string) is shown in full on both lines.
  ///
  /// What is compared: both values reflected whole, as ``format(_:)`` would print them with no
  /// limit — every level, every child and every value. Two values are equal when they have the
  /// same type names, labels and structure and the same text for each leaf: a number's or other
  /// described value's `description`, a string's quoted text in full, an enum case's name.
  /// Dictionary keys and set members are matched by their text. A class instance is compared by
  /// its stored properties, not by its identity, and along each path that reaches it; one met
  /// again on its own path is compared as its `TypeName (cycle)` line, so a cycle ends the walk.
  /// Properties whose names start with `_$` are not compared. So `nil` means the values do not
  /// differ in anything reflection shows, which is less than `==` may see (a custom `==`, a
  /// `NaN`, a value that hides its fields with `customMirror`). Reflecting whole costs time in
  /// proportion to the values' size.
  ///
  /// What is printed stays within the limits, wherever the changes are:
  ///
  /// - the depth limit applies to each value shown, counting levels from that value, however
  ///   deep its path; a path is never cut;
  /// - at most `maxChildren` changed children of one value are listed; one line then says how
  ///   many more changed and were left out:
  ///   `... 900 more changed children of items cut (limit: 100 children per value)`;
  /// - the values shown in all the `-` and `+` lines together count towards `maxValues`. A block
  ///   is listed only while fewer values than that are shown, and its values get only what is
  ///   left (each line at least its first), ending with `- ... the rest is cut` where they are
  ///   cut; after the last block, one line counts the changes left out:
  ///   `... 12 more changes cut (limit: 1000 values in total)`.
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
  /// A change past the limits is listed the same way: with 1,000 elements in `items`, of which
  /// ``format(_:)`` shows 100, changing `items[500]` lists `items[500]` with its `- 500` and
  /// `+ -1` lines.
  ///
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  /// - Returns: The diff, one line per path, old or new value, without a trailing newline; nil
  ///   when there is no difference.
  public func diff(from old: Any, to new: Any) -> String? {
    diff(from: snapshot(of: old), to: snapshot(of: new))
  }

  /// Reflects `value` whole, with no limit: what ``diff(from:to:)`` compares. A snapshot keeps
  /// the values a class instance has now, after the instance changes.
  func snapshot(of value: Any) -> FormattedValue {
    var reflector = ValueReflector(limits: .none)
    return reflector.reflect(value)
  }

  /// The diff of two snapshots, listed within this formatter's limits; see ``diff(from:to:)``.
  func diff(from old: FormattedValue, to new: FormattedValue) -> String? {
    let lines = ValueDiff.lines(from: old, to: new, limits: limits)
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }
}
