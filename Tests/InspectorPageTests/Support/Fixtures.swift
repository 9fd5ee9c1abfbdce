import Foundation
import InspectorPage
import ReductorRecording

/// A counter session: two sends, an effect's answer, a step from another thread, a snapshot
/// every 2 steps, one effect ended, one still running, and the stages of step 3.
let counterRecording = """
  {"format":"reductor-recording","version":1,"snapshotInterval":2,"time":0,"state":{"count":0,"isLoading":false}}
  {"step":1,"time":100000000,"origin":"sent","action":{"increment":{}},"changes":[{"path":["count"],"value":1}]}
  {"step":2,"time":250000000,"origin":"sent","action":"load","changes":[{"path":["isLoading"],"value":true}]}
  {"effectStarted":2}
  {"snapshot":2,"state":{"count":1,"isLoading":true}}
  {"step":3,"time":1250000000,"origin":"effect","cause":2,"action":{"loaded":{"_0":42}},"changes":[{"path":["count"],"value":42},{"path":["isLoading"],"value":false}]}
  {"effectStarted":3}
  {"effectEnded":2,"time":1250000000,"cancelled":false}
  {"stages":{"reduce":1200,"effect":5400},"step":3}
  {"step":4,"time":1500000000,"origin":"enqueued","action":{"decrement":{}},"changes":[{"path":["count"],"value":41}]}
  {"snapshot":4,"state":{"count":41,"isLoading":false}}

  """

/// The recording's bytes.
func data(_ text: String) -> Data { Data(text.utf8) }

/// The page of a recording given as text.
func page(_ text: String) throws -> String {
  try InspectorHTML.page(jsonLines: data(text), title: "session.jsonl")
}

/// The JSON the page's script reads, of a recording given as text.
func pageData(_ text: String) throws -> String {
  try InspectorHTML.dataJSON(of: JSONRecording(jsonLines: data(text)))
}

/// The number of times `part` occurs in `text`.
func occurrences(of part: String, in text: String) -> Int {
  text.components(separatedBy: part).count - 1
}
