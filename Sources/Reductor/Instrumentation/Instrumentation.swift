import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Where the time of each action goes: the stages of its cycle timed in every store that is
/// instrumented, slow stages reported, percentiles aggregated, and chosen actions' stages
/// emitted as events.
///
/// An action's cycle has up to four stages:
///
/// | stage | what it measures |
/// |---|---|
/// | ``Stage/queue`` | from `send` or `enqueue` to the start of its reduction: how long it waited |
/// | ``Stage/mutate`` | a two-phase reactor's synchronous `mutate(action:)` call |
/// | ``Stage/reduce`` | the synchronous reduction |
/// | ``Stage/effect`` | the effect the reduction returned, from its start to its end |
///
/// Turn it on for one store with ``ReducerStore/instrumentation(_:)`` (a reactor declares an
/// `instrumentation` property instead), or for every store with ``enabledByDefault``, the
/// `REDUCTOR_INSTRUMENT=1` environment variable and a ``filter`` on the store's type name:
///
/// ```swift
/// let store = ReducerStore(initialState: SearchState(), reducer: SearchReducer())
///   .instrumentation(.init(label: "search", warningThreshold: .milliseconds(16)))
/// store.send(.queryChanged("swi"))
/// print(Instrumentation.report())
/// ```
///
/// Measurements (the statistics of ``report()``, ``onEvent`` and the slow-stage warnings) are
/// made only when Reductor is compiled with `DEBUG`; in release builds they cost nothing.
/// ``Target``s emit their events in the build configurations they choose, release included, to
/// ``onTargetEvent``. See <doc:InstrumentingStores> for the costs and the migration from
/// ReactableKit's `ReactableInstrument`.
///
/// The settings are global and safe to change from any thread. A store made after a change of
/// ``enabledByDefault`` or ``filter`` follows it from the start; a store made before, in the main
/// actor's next turn.
public enum Instrumentation: Sendable {
  /// Whether every store is instrumented unless it says otherwise; `false` by default, unless
  /// the environment variable `REDUCTOR_INSTRUMENT` (or ReactableKit's `REACTABLE_INSTRUMENT`)
  /// is `1` when the process starts.
  ///
  /// A store's own setting wins over it; a ``filter`` narrows it (see ``filter``).
  public static var enabledByDefault: Bool {
    get { settings.withLock { $0.enabledByDefault } }
    set { changeSwitch { $0.enabledByDefault = newValue } }
  }

  /// Decides, by a store's type name, which stores without a setting of their own are
  /// instrumented; `nil` by default.
  ///
  /// When it is set it decides on its own: a store whose type name it refuses stays
  /// uninstrumented even with ``enabledByDefault`` or the environment variable on. The type name
  /// is the readable name of the state's type for a ``ReducerStore`` (`SearchState`, or
  /// `Feature.State` for a nested one), of the reactor's type for a reactor.
  ///
  /// ```swift
  /// Instrumentation.filter = { $0.contains("Guide") }
  /// ```
  public static var filter: (@Sendable (String) -> Bool)? {
    get { settings.withLock { $0.filter } }
    set { changeSwitch { $0.filter = newValue } }
  }

  /// The duration at or above which a stage is reported as slow, unless a store's options give
  /// their own; 50 ms by default. Stages timed on a ``ManualClock`` are never reported: their
  /// durations are virtual time.
  public static var warningThreshold: Duration {
    get { settings.withLock { $0.warningThreshold } }
    set { settings.withLock { $0.warningThreshold = newValue } }
  }

  /// The least time between two warnings for one store, stage and action case; one second by
  /// default. The statistics record every sample meanwhile.
  public static var warningInterval: Duration {
    get { settings.withLock { $0.warningInterval } }
    set { settings.withLock { $0.warningInterval = newValue } }
  }

  /// Whether measurements are aggregated for ``report()``; `true` by default. Turning it off
  /// saves the cost of the statistics when only warnings or ``onEvent`` are wanted.
  public static var statisticsEnabled: Bool {
    get { settings.withLock { $0.statisticsEnabled } }
    set { settings.withLock { $0.statisticsEnabled = newValue } }
  }

  /// Where slow-stage warnings go; `nil` by default: to the store's
  /// ``ReducerStore/diagnosticHandler``, as a ``StoreDiagnostic`` of kind
  /// ``StoreDiagnostic/Kind/slowStage``.
  ///
  /// A warning is one line, such as
  /// `Slow reduce: search queryChanged took 200.3ms (threshold 50.0ms)`.
  public static var warningSink: LogSink? {
    get { settings.withLock { $0.warningSink } }
    set { settings.withLock { $0.warningSink = newValue } }
  }

  /// Receives every measurement, in debug builds; `nil` by default.
  ///
  /// It is called on the thread where the stage ended (the main actor, or an effect's thread for
  /// ``Stage/effect``) and must return promptly. Do not send an action to an instrumented store
  /// from it: that action's cycle would call it again, forever.
  public static var onEvent: (@Sendable (Event) -> Void)? {
    get { settings.withLock { $0.onEvent } }
    set { settings.withLock { $0.onEvent = newValue } }
  }

  /// Receives the ``TargetEvent``s of the stores' ``Target``s, in the build configurations the
  /// targets choose; `nil` by default.
  ///
  /// While it is `nil`, a store with targets pays for them one check per action: nothing is
  /// allocated or timed. It is called on the thread where the stage started or ended (the thread
  /// that enqueued an action for a ``Stage/queue`` start, an effect's thread for an
  /// ``Stage/effect`` end) and must return promptly: hand blocking work to a queue of your own.
  public static var onTargetEvent: (@Sendable (TargetEvent) -> Void)? {
    get { settings.withLock { $0.onTargetEvent } }
    set {
      settings.withLock { settings in
        settings.onTargetEvent = newValue
        targetHandlerSwitch.isOn = newValue != nil
      }
    }
  }

  /// The statistics of every instrumented store: a table with one row per store, stage and
  /// action case, sorted by the slowest sample first.
  ///
  /// ```
  /// Reductor instrumentation report (threshold 50.0ms)
  /// STORE   STAGE   CASE           COUNT    P50     P90     MAX
  /// search  queue   queryChanged     412  0.8ms  12.0ms  137.4ms
  /// search  reduce  resultsLoaded    412  0.1ms   0.2ms    4.1ms
  /// ```
  ///
  /// The percentiles come from a histogram of fixed size per row, so memory does not grow with
  /// the number of actions: each is within 0.8 % of a sample of that rank (nearest rank), and
  /// never outside the smallest and largest samples; the first and last ranks and `MAX` are
  /// exact. Without samples (in
  /// release builds, say) the report is one line saying so.
  ///
  /// - Returns: The report, one line per row, without a trailing newline.
  public static func report() -> String {
    StageStatistics.shared.report(threshold: warningThreshold)
  }

  /// Forgets every sample of ``report()`` and when each warning was last given.
  public static func reset() {
    StageStatistics.shared.reset()
    warningEpoch.add(1, ordering: .relaxed)
  }

  // MARK: - Settings

  struct Settings {
    var enabledByDefault = Instrumentation.isSwitchedOnByEnvironment(getenv: { name in
      getenv(name).map { String(cString: $0) }
    })
    var filter: (@Sendable (String) -> Bool)?
    var warningThreshold = Duration.milliseconds(50)
    var warningInterval = Duration.seconds(1)
    var statisticsEnabled = true
    var warningSink: LogSink?
    var onEvent: (@Sendable (Event) -> Void)?
    var onTargetEvent: (@Sendable (TargetEvent) -> Void)?
  }

  static let settings = Locked(Settings())
  /// On while ``onTargetEvent`` is set: the switch of the stores that have targets and measure
  /// nothing, whose arriving actions cost them one check while it is off.
  @usableFromInline static let targetHandlerSwitch = MarkingSwitch(isOn: false)

  /// Whether ``onTargetEvent`` is set.
  @usableFromInline static var isTargetHandlerInstalled: Bool {
    targetHandlerSwitch.isOn
  }
  /// Moves on ``reset()``, so that stores forget when they last warned.
  static let warningEpoch = Atomic<UInt64>(0)

  private static func changeSwitch(_ change: (inout Settings) -> Void) {
    settings.withLock { change(&$0) }
    #if DEBUG
    InstrumentationSwitch.moved()
    #endif
  }

  /// Whether the environment turns instrumentation on: `REDUCTOR_INSTRUMENT`, or a name of
  /// another library (`switchNamesOfOtherLibraries`), set to `1`, `true` or `yes`.
  static func isSwitchedOnByEnvironment(getenv: (String) -> String?) -> Bool {
    (["REDUCTOR_INSTRUMENT"] + switchNamesOfOtherLibraries).contains { name in
      guard let value = getenv(name) else { return false }
      return ["1", "true", "yes"].contains(value.lowercased())
    }
  }

  /// Whether a store of type `typeName` without options of its own is instrumented.
  static func isSwitchedOn(forType typeName: String) -> Bool {
    // The filter is called outside the lock: it may read the settings.
    let (filter, isEnabled) = settings.withLock { ($0.filter, $0.enabledByDefault) }
    return filter?(typeName) ?? isEnabled
  }
}
