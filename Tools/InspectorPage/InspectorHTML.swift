import ReductorRecording

/// The inspector's page of a recording: one self-contained HTML file, with its style, its script
/// and its data inline, and nothing loaded from anywhere else.
///
/// The page is readable without its script: the summary, the timeline of steps and the effects
/// in flight are written here, with stable ids, classes and `data-` attributes. The script reads
/// the recording from the JSON in `<script type="application/json" id="recording">`, rebuilds the
/// state of any step from the initial state or the nearest snapshot, and fills in the selected
/// step's action, state, changes and stage durations. `page.html#step=3` selects step 3.
package enum InspectorHTML {
  /// The whole page.
  ///
  /// - Parameters:
  ///   - recording: What to show.
  ///   - title: What the page is called, e.g. the recording's file name.
  /// - Returns: The HTML document.
  package static func page(for recording: Recording, title: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title)) · reductor-inspect</title>
    <style>
    \(style)
    </style>
    </head>
    <body>
    \(summary(of: recording, title: title))
    <main>
    \(timeline(of: recording))
    <div id="details">
    <section id="step-detail" aria-live="polite">
    <h2 id="selected-title">Step</h2>
    <p id="selected-meta"></p>
    <noscript><p class="empty">The states, changes and actions of the steps are shown by the \
    page's script: allow JavaScript to see them.</p></noscript>
    <div class="columns">
    <div>
    <h3>Changes</h3>
    <div id="diff"></div>
    <h3>Action</h3>
    <pre id="action"></pre>
    </div>
    <div>
    <h3>State after</h3>
    <pre id="state"></pre>
    </div>
    </div>
    </section>
    \(recording.stages.isEmpty ? "" : stagesSection)
    \(effects(of: recording))
    </div>
    </main>
    <script type="application/json" id="recording">\(dataJSON(of: recording))</script>
    <script>
    \(script)
    </script>
    </body>
    </html>

    """
  }

  /// The recording as the JSON the page's script reads: the initial state, the steps with their
  /// case names, the snapshots, the ends of effects and the stage durations.
  ///
  /// `</` is written `<\/` and `<!--` as `\u003c!--`, both the same JSON, so that no value can
  /// end the `<script>` element that holds it.
  package static func dataJSON(of recording: Recording) -> String {
    let data = JSONValue.object([
      "startTime": .integer(recording.startTime),
      "endTime": .integer(recording.endTime),
      "state": recording.initialState,
      "steps": .array(recording.steps.map(stepData)),
      "snapshots": .object(byStep(recording.snapshots)),
      "effectEnds": .object(
        byStep(
          recording.effectEnds.mapValues {
            .object(["time": .integer($0.time), "cancelled": .bool($0.cancelled)])
          })),
      "stages": .object(
        byStep(recording.stages.mapValues { .object($0.mapValues(JSONValue.integer)) })),
    ])
    return data.compactText
      .replacing("</", with: "<\\/")
      .replacing("<!--", with: "\\u003c!--")
  }

  /// A step as the script reads it: its line's fields, with the case name and payload summary.
  private static func stepData(_ step: Recording.Step) -> JSONValue {
    var fields: [String: JSONValue] = [
      "step": .integer(step.number),
      "time": .integer(step.time),
      "origin": .string(step.origin.rawValue),
      "action": step.action,
      "changes": .array(
        step.changes.map { change in
          if let value = change.value {
            .object(["path": .array(change.path), "value": value])
          } else {
            .object(["path": .array(change.path), "removed": .bool(true)])
          }
        }),
      "startsEffect": .bool(step.startsEffect),
      "case": .string(step.caseName),
      "payload": .string(step.payloadSummary),
    ]
    if let cause = step.cause { fields["cause"] = .integer(cause) }
    return .object(fields)
  }

  /// A dictionary by step number as a JSON object, whose keys are strings.
  private static func byStep(_ values: [Int: JSONValue]) -> [String: JSONValue] {
    Dictionary(uniqueKeysWithValues: values.map { (String($0.key), $0.value) })
  }

  /// The header: the title, the step count, the duration, the count of each origin (the
  /// legend of the colours) and what could not be read.
  private static func summary(of recording: Recording, title: String) -> String {
    let counts = recording.originCounts
    let origins = Recording.Origin.allCases.map { origin in
      """
      <span class="origin-count" data-origin="\(origin.rawValue)"><i class="swatch"></i>\
      \(origin.rawValue) <b id="count-\(origin.rawValue)">\(counts[origin, default: 0])</b></span>
      """
    }
    var problems: [String] = []
    if let bad = recording.badLine {
      let ignored =
        recording.linesAfterBadLine == 0
        ? "it was ignored"
        : "it and the \(count(recording.linesAfterBadLine, "line")) after it were ignored"
      problems.append(
        """
        <li class="problem" id="bad-line" data-line="\(bad.line)">Line \(bad.line) could not be \
        read (\(escaped(bad.reason))): \(ignored); the steps before it are shown.</li>
        """)
    }
    if let line = recording.incompleteLastLine {
      problems.append(
        """
        <li class="problem" id="incomplete-last-line" data-line="\(line)">Line \(line): \
        the last line is incomplete and was ignored (the recording was cut off mid-write).</li>
        """)
    }
    if !recording.skippedLines.isEmpty {
      let lines = recording.skippedLines.map(String.init).joined(separator: ", ")
      let skipped =
        recording.skippedLines.count == 1
        ? "1 line of a kind this inspector does not know was skipped (line \(lines))"
        : "\(recording.skippedLines.count) lines of kinds this inspector does not know were "
          + "skipped (lines \(lines))"
      problems.append(#"<li class="note" id="skipped-lines">\#(skipped).</li>"#)
    }
    return """
      <header id="summary">
      <h1>\(escaped(title))</h1>
      <p class="facts"><span><b id="step-count">\(recording.steps.count)</b> \
      \(recording.steps.count == 1 ? "step" : "steps")</span>\
      <span>over <b id="duration">\(secondsText(recording.duration))</b></span>\
      <span class="origins">\(origins.joined())</span></p>
      <ul id="problems">\(problems.joined())</ul>
      </header>
      """
  }

  /// The filter and the list of steps, step 0 (the initial state) first.
  private static func timeline(of recording: Recording) -> String {
    let cases = Set(recording.steps.map(\.caseName)).sorted()
    let initial = """
      <li class="step" data-step="0" data-origin="initial" data-case=""><a href="#step=0">\
      <span class="num">0</span><span class="label"><span class="case">initial state</span>\
      </span><span class="cause"></span>\
      <span class="time">\(secondsText(0))</span></a></li>
      """
    let steps = recording.steps.map { step in
      let cause = step.cause.map { "data-cause=\"\($0)\"" } ?? ""
      return """
        <li class="step" data-step="\(step.number)" data-origin="\(step.origin.rawValue)" \
        data-case="\(escaped(step.caseName))" \(cause)><a href="#step=\(step.number)">\
        <span class="num">\(step.number)</span><span class="label">\
        <span class="case">\(escaped(step.caseName))</span>\
        <span class="payload">\(escaped(step.payloadSummary))</span></span>\
        <span class="cause">\(step.cause.map { "← #\($0)" } ?? "")</span>\
        <span class="time">\(secondsText(step.time - recording.startTime))</span></a></li>
        """
    }
    return """
      <nav id="timeline" aria-label="Steps">
      <div class="filter"><input id="filter" type="search" list="cases" autocomplete="off" \
      placeholder="Filter by action case" aria-label="Filter by action case">\
      <datalist id="cases">\(cases.map { "<option value=\"\(escaped($0))\">" }.joined())\
      </datalist><span id="filter-count"></span></div>
      <ol id="steps">
      \(([initial] + steps).joined(separator: "\n"))
      </ol>
      <p class="keys"><kbd>↑</kbd><kbd>↓</kbd> or <kbd>k</kbd><kbd>j</kbd> move · \
      <kbd>Home</kbd><kbd>End</kbd> jump · <kbd>/</kbd> filter</p>
      </nav>
      """
  }

  /// The section the script fills with the selected step's stage durations.
  private static let stagesSection = """
    <section id="stages-section">
    <h3>Stage durations of this step</h3>
    <div id="stages"></div>
    </section>
    """

  /// A bar per effect a step started, on one time axis for the whole recording.
  private static func effects(of recording: Recording) -> String {
    let effects = recording.effects
    guard !effects.isEmpty else {
      return """
        <section id="effects-section">
        <h3>Effects in flight</h3>
        <p class="empty">No step started an effect.</p>
        </section>
        """
    }
    return """
      <section id="effects-section">
      <h3>Effects in flight <span class="legend"><i class="key ended"></i>ended \
      <i class="key cancelled"></i>cancelled <i class="key running"></i>still running \
      <i class="key delivery"></i>action delivered</span></h3>
      <div id="effects">
      \(effects.map { effectRow($0, in: recording) }.joined(separator: "\n"))
      <div class="axis"><span></span><div><span>\(secondsText(0))</span>\
      <span>\(secondsText(recording.duration))</span></div><span></span></div>
      </div>
      </section>
      """
  }

  /// An effect's row: its step, a bar from the step's time to the effect's end (or to the end of
  /// the recording when it was still running), a tick for each action it delivered, and a
  /// marker the script moves to the selected step's time.
  private static func effectRow(_ effect: Recording.EffectSpan, in recording: Recording) -> String {
    let start = recording.startTime
    let span = Double(max(recording.duration, 1))
    /// A time's place on the axis, as a CSS percentage with two decimals.
    func percent(_ nanoseconds: Int) -> String {
      "\((Double(nanoseconds) / span * 10_000).rounded() / 100)%"
    }
    let step = effect.step
    let kind: String
    let endText: String
    switch effect.end {
    case nil:
      kind = "running"
      endText = "still running at the end"
    case let end? where end.cancelled:
      kind = "cancelled"
      endText = "✕ cancelled at \(secondsText(end.time - start))"
    case let end?:
      kind = "ended"
      endText = "ended at \(secondsText(end.time - start))"
    }
    let length = (effect.end?.time ?? recording.endTime) - step.time
    // A bar of an effect that ended at once is still seen.
    let width = max(length, Int(span / 200))
    let deliveries = recording.steps.filter { $0.cause == step.number }.map { delivered in
      """
      <i class="delivery" style="left:\(percent(delivered.time - start))" \
      title="#\(delivered.number) at \(secondsText(delivered.time - start))"></i>
      """
    }
    return """
      <div class="effect \(kind)" data-step="\(step.number)" data-end="\(kind)">\
      <a class="effect-label" href="#step=\(step.number)"><span class="num">#\(step.number)\
      </span> \(escaped(step.caseName))</a><div class="track">\
      <div class="bar" style="left:\(percent(step.time - start));width:\(percent(width))"></div>\
      \(deliveries.joined())<i class="now"></i></div>\
      <span class="effect-end">\(endText)</span></div>
      """
  }

  /// `1 line`, `3 lines`.
  private static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }
}

/// The text with the characters HTML gives a meaning escaped, for an element's text or an
/// attribute's value.
func escaped(_ text: String) -> String {
  var result = ""
  for character in text {
    switch character {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&#39;"
    default: result.append(character)
    }
  }
  return result
}
