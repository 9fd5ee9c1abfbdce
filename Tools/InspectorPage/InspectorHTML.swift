package import Foundation
import Reductor
package import ReductorRecording

/// A recording read knowing nothing of the app's types: its states and actions as JSON.
package typealias JSONRecording = Recording<JSONValue, JSONValue>

/// The inspector's page of a recording: one self-contained HTML file, with its style, its script
/// and its data inline, and nothing loaded from anywhere else.
///
/// The page is readable without its script: the summary, the timeline of steps and the effects
/// in flight are written here, with stable ids, classes and `data-` attributes. The script reads
/// the recording from the JSON in `<script type="application/json" id="recording">`, rebuilds the
/// state of any step from the initial state or the nearest snapshot, and fills in the selected
/// step's action, state, changes and stage durations. `page.html#step=3` selects step 3.
package enum InspectorHTML {
  /// The whole page of a recording.
  ///
  /// - Parameters:
  ///   - data: The recording's JSON lines.
  ///   - title: What the page is called, e.g. the recording's file name.
  /// - Returns: The HTML document.
  /// - Throws: `RecordingError.notARecording` when the first line is not a recording's header.
  package static func page(jsonLines data: Data, title: String) throws -> String {
    let (recording, skippedLines) = try JSONRecording.readWithSkippedLines(jsonLines: data)
    // The lines of the file, a last one without its newline included.
    let newline = UInt8(ascii: "\n")
    let lineCount = data.count { $0 == newline } + (data.last == newline || data.isEmpty ? 0 : 1)
    let summary = summary(
      of: recording, title: title, lineCount: lineCount, skippedLines: skippedLines)
    let hasStages = recording.steps.contains { !$0.stageDurations.isEmpty }
    return """
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
      \(summary)
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
      \(hasStages ? stagesSection : "")
      \(effects(of: recording))
      </div>
      </main>
      <script type="application/json" id="recording">\(try dataJSON(of: recording))</script>
      <script>
      \(script)
      </script>
      </body>
      </html>

      """
  }

  /// The recording as the JSON the page's script reads: the initial state, the steps with their
  /// case names, the snapshots, the ends of effects and the stage durations, written by the
  /// recording's encoder.
  ///
  /// `</` is written `<\/` and `<!--` as `\u003c!--`, both the same JSON, so that no value can
  /// end the `<script>` element that holds it.
  ///
  /// - Parameter recording: The recording.
  /// - Returns: The JSON text.
  /// - Throws: An error encoding a value (a number JSON cannot hold).
  package static func dataJSON(of recording: JSONRecording) throws -> String {
    let json = try RecordingCoding.makeEncoder().encode(PageData(recording))
    return String(decoding: json, as: UTF8.self)
      .replacing("</", with: "<\\/")
      .replacing("<!--", with: "\\u003c!--")
  }

  /// The time of the last step or effect end, in nanoseconds since the recording began.
  fileprivate static func endTime(of recording: JSONRecording) -> Int {
    let times = recording.steps.map(\.time) + recording.effects.compactMap(\.endTime)
    return max(times.max() ?? .zero, .zero).pageNanoseconds
  }

  /// The names of the origins of steps, in the order of the legend.
  private static let originNames = ["sent", "effect", "enqueued"]

  /// The header: the title, the step count, the duration, the count of each origin (the
  /// legend of the colours) and what could not be read.
  private static func summary(
    of recording: JSONRecording, title: String, lineCount: Int, skippedLines: [Int]
  ) -> String {
    let counts = Dictionary(grouping: recording.steps, by: \.origin.line.origin).mapValues(\.count)
    let origins = originNames.map { origin in
      """
      <span class="origin-count" data-origin="\(origin)"><i class="swatch"></i>\
      \(origin) <b id="count-\(origin)">\(counts[origin, default: 0])</b></span>
      """
    }
    var problems: [String] = []
    for issue in recording.issues {
      let line = issue.line
      switch issue.kind {
      case .undecodableLine(let reason):
        let linesAfter = lineCount - line
        let ignored =
          linesAfter == 0
          ? "it was ignored" : "it and the \(count(linesAfter, "line")) after it were ignored"
        problems.append(
          """
          <li class="problem" id="bad-line" data-line="\(line)">Line \(line) could not be \
          read (\(escaped(reason))): \(ignored); the steps before it are shown.</li>
          """)
      case .incompleteLastLine:
        problems.append(
          """
          <li class="problem" id="incomplete-last-line" data-line="\(line)">Line \(line): \
          the last line is incomplete and was ignored (the recording was cut off mid-write).</li>
          """)
      }
    }
    if !skippedLines.isEmpty {
      let lines = skippedLines.map(String.init).joined(separator: ", ")
      let skipped =
        skippedLines.count == 1
        ? "1 line of a kind this inspector does not know was skipped (line \(lines))"
        : "\(skippedLines.count) lines of kinds this inspector does not know were "
          + "skipped (lines \(lines))"
      problems.append(#"<li class="note" id="skipped-lines">\#(skipped).</li>"#)
    }
    return """
      <header id="summary">
      <h1>\(escaped(title))</h1>
      <p class="facts"><span><b id="step-count">\(recording.steps.count)</b> \
      \(recording.steps.count == 1 ? "step" : "steps")</span>\
      <span>over <b id="duration">\(secondsText(endTime(of: recording)))</b></span>\
      <span class="origins">\(origins.joined())</span></p>
      <ul id="problems">\(problems.joined())</ul>
      </header>
      """
  }

  /// The filter and the list of steps, step 0 (the initial state) first.
  private static func timeline(of recording: JSONRecording) -> String {
    let cases = Set(recording.steps.map(\.caseName)).sorted()
    let initial = """
      <li class="step" data-step="0" data-origin="initial" data-case=""><a href="#step=0">\
      <span class="num">0</span><span class="label"><span class="case">initial state</span>\
      </span><span class="cause"></span>\
      <span class="time">\(secondsText(0))</span></a></li>
      """
    let steps = recording.steps.map { step in
      let (origin, cause) = step.origin.line
      return """
        <li class="step" data-step="\(step.number)" data-origin="\(origin)" \
        data-case="\(escaped(step.caseName))" \(cause.map { "data-cause=\"\($0)\"" } ?? "")>\
        <a href="#step=\(step.number)">\
        <span class="num">\(step.number)</span><span class="label">\
        <span class="case">\(escaped(step.caseName))</span>\
        <span class="payload">\(escaped(step.payloadSummary))</span></span>\
        <span class="cause">\(cause.map { "← #\($0)" } ?? "")</span>\
        <span class="time">\(secondsText(step.time.pageNanoseconds))</span></a></li>
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
  private static func effects(of recording: JSONRecording) -> String {
    guard !recording.effects.isEmpty else {
      return """
        <section id="effects-section">
        <h3>Effects in flight</h3>
        <p class="empty">No step started an effect.</p>
        </section>
        """
    }
    let endTime = endTime(of: recording)
    let rows = recording.effects.map { effectRow($0, in: recording, endTime: endTime) }
    return """
      <section id="effects-section">
      <h3>Effects in flight <span class="legend"><i class="key ended"></i>ended \
      <i class="key cancelled"></i>cancelled <i class="key running"></i>still running \
      <i class="key delivery"></i>action delivered</span></h3>
      <div id="effects">
      \(rows.joined(separator: "\n"))
      <div class="axis"><span></span><div><span>\(secondsText(0))</span>\
      <span>\(secondsText(endTime))</span></div><span></span></div>
      </div>
      </section>
      """
  }

  /// An effect's row: its step, a bar from the step's time to the effect's end (or to the end of
  /// the recording when it was still running), a tick for each action it delivered, and a
  /// marker the script moves to the selected step's time.
  private static func effectRow(
    _ effect: RecordedEffect, in recording: JSONRecording, endTime: Int
  ) -> String {
    let span = Double(max(endTime, 1))
    /// A time's place on the axis, as a CSS percentage with two decimals.
    func percent(_ nanoseconds: Int) -> String {
      "\((Double(nanoseconds) / span * 10_000).rounded() / 100)%"
    }
    let step = recording.steps[effect.step - 1]
    let kind: String
    let endText: String
    switch effect.endTime {
    case nil:
      kind = "running"
      endText = "still running at the end"
    case let end? where effect.wasCancelled:
      kind = "cancelled"
      endText = "✕ cancelled at \(secondsText(end.pageNanoseconds))"
    case let end?:
      kind = "ended"
      endText = "ended at \(secondsText(end.pageNanoseconds))"
    }
    let length = (effect.endTime?.pageNanoseconds ?? endTime) - step.time.pageNanoseconds
    // A bar of an effect that ended at once is still seen.
    let width = max(length, Int(span / 200))
    let deliveries = recording.steps.filter { $0.origin == .effect(cause: step.number) }.map {
      delivered in
      """
      <i class="delivery" style="left:\(percent(delivered.time.pageNanoseconds))" \
      title="#\(delivered.number) at \(secondsText(delivered.time.pageNanoseconds))"></i>
      """
    }
    return """
      <div class="effect \(kind)" data-step="\(step.number)" data-end="\(kind)">\
      <a class="effect-label" href="#step=\(step.number)"><span class="num">#\(step.number)\
      </span> \(escaped(step.caseName))</a><div class="track">\
      <div class="bar" style="left:\(percent(step.time.pageNanoseconds));width:\(percent(width))">\
      </div>\(deliveries.joined())<i class="now"></i></div>\
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

extension Duration {
  /// The duration in whole nanoseconds, as the page shows times.
  fileprivate var pageNanoseconds: Int { Int(recordedNanoseconds) }
}

/// The recording as the page's script reads it.
private struct PageData: Encodable {
  /// A step: its line's fields, with its case name and payload summary.
  struct Step: Encodable {
    var step: Int
    var time: Int
    var origin: String
    var cause: Int?
    var action: JSONValue
    var changes: [JSONChange]
    var startsEffect: Bool
    var `case`: String
    var payload: String

    init(_ step: RecordedStep<JSONValue>, startsEffect: Bool) {
      self.step = step.number
      time = step.time.pageNanoseconds
      (origin, cause) = step.origin.line
      action = step.action
      changes = step.changes
      self.startsEffect = startsEffect
      self.case = step.caseName
      payload = step.payloadSummary
    }
  }

  /// The end of an effect's work.
  struct EffectEnd: Encodable {
    var time: Int
    var cancelled: Bool
  }

  var endTime: Int
  var state: JSONValue
  var steps: [Step]
  var snapshots: [Int: JSONValue]
  /// By the number of the step that started the effect.
  var effectEnds: [Int: EffectEnd] = [:]
  /// By step number.
  var stages: [Int: [String: Int]] = [:]

  init(_ recording: JSONRecording) {
    endTime = InspectorHTML.endTime(of: recording)
    state = recording.initialState
    let startedSteps = Set(recording.effects.map(\.step))
    steps = recording.steps.map { Step($0, startsEffect: startedSteps.contains($0.number)) }
    snapshots = recording.snapshots
    for effect in recording.effects {
      guard let end = effect.endTime else { continue }
      effectEnds[effect.step] = EffectEnd(time: end.pageNanoseconds, cancelled: effect.wasCancelled)
    }
    for step in recording.steps where !step.stageDurations.isEmpty {
      stages[step.number] = step.stageDurations.mapValues(\.pageNanoseconds)
    }
  }
}
