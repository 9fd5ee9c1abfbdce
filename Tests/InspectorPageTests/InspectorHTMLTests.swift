import Foundation
import InspectorPage
import ReductorRecording
import Testing

@Suite struct InspectorHTMLTests {
  @Test func thePageHoldsTheRecordingAsJSON() throws {
    let recording = try JSONRecording(jsonLines: data(counterRecording))
    let html = try page(counterRecording)
    let json = try InspectorHTML.dataJSON(of: recording)

    #expect(html.contains(#"<script type="application/json" id="recording">\#(json)</script>"#))
    // The blob is JSON the page's script can read back.
    let blob = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    guard case .object(let fields) = blob, case .array(let steps)? = fields["steps"] else {
      Issue.record("the blob has no steps: \(json)")
      return
    }
    #expect(steps.count == 4)
    #expect(fields["state"] == recording.initialState)
    #expect(fields["endTime"] == .integer(1_500_000_000))
    #expect(
      fields["snapshots"] == .object(["2": recording.snapshots[2]!, "4": recording.snapshots[4]!]))
    guard case .object(let third) = steps[2] else {
      Issue.record("step 3 is not an object: \(steps[2])")
      return
    }
    #expect(third["case"] == .string("loaded"))
    #expect(third["payload"] == .string("(42)"))
    #expect(third["cause"] == .integer(2))
    #expect(
      third["changes"]
        == .array([
          .object(["path": .array([.string("count")]), "value": .integer(42)]),
          .object(["path": .array([.string("isLoading")]), "value": .bool(false)]),
        ]))
  }

  @Test func thePageListsTheStepsWithTheirSummary() throws {
    let html = try page(counterRecording)

    #expect(html.contains(#"<b id="step-count">4</b>"#))
    #expect(html.contains(#"<b id="duration">1.500 s</b>"#))
    #expect(html.contains(#"<b id="count-sent">2</b>"#))
    #expect(html.contains(#"<b id="count-effect">1</b>"#))
    #expect(html.contains(#"<b id="count-enqueued">1</b>"#))
    #expect(occurrences(of: #"<li class="step""#, in: html) == 5)  // step 0 and 4 steps
    #expect(html.contains(#"<li class="step" data-step="0" data-origin="initial""#))
    #expect(
      html.contains(
        #"<li class="step" data-step="3" data-origin="effect" data-case="loaded" data-cause="3""#)
        == false)
    #expect(
      html.contains(
        #"<li class="step" data-step="3" data-origin="effect" data-case="loaded" data-cause="2">"#))
    #expect(html.contains(#"<span class="case">loaded</span><span class="payload">(42)</span>"#))
    #expect(html.contains(#"<span class="cause">← #2</span><span class="time">1.250 s</span>"#))
    #expect(html.contains(#"<li class="step" data-step="4" data-origin="enqueued""#))
    #expect(html.contains(#"<option value="decrement">"#))
  }

  @Test func thePageDrawsTheEffectsInFlight() throws {
    let html = try page(counterRecording)

    #expect(html.contains(#"<div class="effect ended" data-step="2" data-end="ended">"#))
    #expect(html.contains(#"<div class="effect running" data-step="3" data-end="running">"#))
    // Step 2's effect runs from 0.25 s to 1.25 s of 1.5 s.
    #expect(html.contains(#"<div class="bar" style="left:16.67%;width:66.67%">"#))
    #expect(html.contains(#"<span class="effect-end">ended at 1.250 s</span>"#))
    #expect(html.contains(#"<span class="effect-end">still running at the end</span>"#))
    #expect(html.contains(##"<i class="delivery" style="left:83.33%" title="#3 at 1.250 s">"##))
  }

  @Test func aValueCannotCloseTheScriptThatHoldsIt() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{"note":"<!-- x"}}
      {"step":1,"time":0,"origin":"sent","action":{"say":{"_0":"</script><script>alert(1)</script>"}},"changes":[]}

      """
    let html = try page(text)

    // Only the two script elements' own ends.
    #expect(occurrences(of: "</script>", in: html) == 2)
    #expect(occurrences(of: "<!--", in: html) == 0)
    #expect(html.contains(#"<\/script><script>alert(1)<\/script>"#))
    #expect(html.contains(#"{"note":"\u003c!-- x"}"#))
    // In the timeline, the payload is text.
    #expect(html.contains("(&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;)"))
  }

  @Test func thePageLoadsNothingFromElsewhere() throws {
    let html = try page(counterRecording)

    for reference in ["http://", "https://", "src=", "<link", "@import", "url(", "//cdn"] {
      #expect(!html.contains(reference), "the page refers to \(reference)")
    }
    #expect(html.hasPrefix("<!DOCTYPE html>\n"))
    #expect(occurrences(of: "<script", in: html) == 2)
  }

  @Test func thePageSaysWhatItCouldNotRead() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      {"unknown":true}
      {"step":2,"time":200,"origin":"sent","action":"b","changes":[]}
      {"step":3,"time":300,"origin":"sent","act
      """
    let html = try page(text)

    #expect(html.contains(#"<b id="step-count">2</b>"#))
    #expect(html.contains("the last line is incomplete and was ignored"))
    #expect(html.contains(#"<li class="problem" id="incomplete-last-line" data-line="5">"#))
    #expect(html.contains(#"<li class="note" id="skipped-lines">1 line of a kind"#))
  }

  @Test func thePageReportsABadLineByItsNumber() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      {"step":2,"time":200,"origin":"thread","action":"b","changes":[]}
      {"step":3,"time":300,"origin":"sent","action":"c","changes":[]}

      """
    let html = try page(text)

    #expect(html.contains(#"<b id="step-count">1</b>"#))
    #expect(
      html.contains(
        #"<li class="problem" id="bad-line" data-line="3">Line 3 could not be read (step 2 has an "#
          + "unknown origin, thread): it and the 1 line after it were ignored; the steps before it "
          + "are shown.</li>"))
  }
}
