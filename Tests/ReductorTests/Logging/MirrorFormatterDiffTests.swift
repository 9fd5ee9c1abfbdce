import Observation
import Reductor
import Testing

// MARK: - Fixtures

private struct Jingle: Equatable {
  var title = "Intro"
  var seconds = 90
}

private enum StationStatus: Equatable {
  case idle
  case paused(at: Int)
  case playing(Jingle)
}

private struct Station {
  var name = "Radio"
  var settings = StationSettings()
  var songs = ["a", "b"]
  var listeners = ["amy": 1, "bob": 2]
  var tags: Set<String> = ["jazz", "rock"]
  var status = StationStatus.idle
  var next: Jingle? = nil
}

private struct StationSettings {
  var audio = StationAudio()
  var theme = "light"
}

private struct StationAudio {
  var volume = 5
}

@Observable
private final class StationModel {
  var volume = 5
  var name = "Radio"
}

// MARK: - Tests

@Suite struct MirrorFormatterDiffTests {
  let formatter = MirrorFormatter()

  @Test func valuesThatFormatIdenticallyHaveNoDiff() {
    #expect(formatter.diff(from: Station(), to: Station()) == nil)
    #expect(formatter.diff(from: StationModel(), to: StationModel()) == nil)
    #expect(formatter.diff(from: 1, to: 1) == nil)
  }

  @Test func aNestedFieldIsNamedByItsPath() {
    var new = Station()
    new.settings.audio.volume = 6
    #expect(
      formatter.diff(from: Station(), to: new) == """
        settings.audio.volume
          - 5
          + 6
        """)
  }

  @Test func changedFieldsAreListedInDeclarationOrder() {
    var new = Station()
    new.status = .paused(at: 3)
    new.name = "Jazz FM"
    new.settings.theme = "dark"
    #expect(
      formatter.diff(from: Station(), to: new) == """
        name
          - "Radio"
          + "Jazz FM"
        settings.theme
          - "light"
          + "dark"
        status
          - idle
          + paused(at: 3)
        """)
  }

  @Test func arrayElementsAreComparedByIndex() {
    var changed = Station()
    changed.songs = ["z", "b", "c"]
    #expect(
      formatter.diff(from: Station(), to: changed) == """
        songs[0]
          - "a"
          + "z"
        songs[2]
          + "c"
        """)
    var shorter = Station()
    shorter.songs = ["a"]
    #expect(
      formatter.diff(from: Station(), to: shorter) == """
        songs[1]
          - "b"
        """)
  }

  @Test func dictionaryEntriesAreComparedByKeyInKeyOrder() {
    var new = Station()
    new.listeners = ["amy": 1, "bob": 3, "cat": 4, "abe": 0]
    new.listeners["amy"] = nil
    #expect(
      formatter.diff(from: Station(), to: new) == """
        listeners["abe"]
          + 0
        listeners["amy"]
          - 1
        listeners["bob"]
          - 2
          + 3
        listeners["cat"]
          + 4
        """)
  }

  @Test func aSetListsTheMembersItLostAndGained() {
    var new = Station()
    new.tags = ["rock", "pop", "blues"]
    #expect(
      formatter.diff(from: Station(), to: new) == """
        tags
          - "jazz"
          + "blues"
          + "pop"
        """)
  }

  @Test func aValueThatChangedAsAWholeIsShownInFull() {
    var new = Station()
    new.next = Jingle()
    new.status = .playing(Jingle())
    #expect(
      formatter.diff(from: Station(), to: new) == """
        status
          - idle
          + playing(Jingle)
              - title: "Intro"
              - seconds: 90
        next
          - nil
          + Jingle
              - title: "Intro"
              - seconds: 90
        """)
  }

  @Test func theSameEnumCaseIsComparedInsideItsPayload() {
    var old = Station()
    old.status = .playing(Jingle())
    var new = old
    new.status = .playing(Jingle(title: "Intro", seconds: 91))
    #expect(
      formatter.diff(from: old, to: new) == """
        status.seconds
          - 90
          + 91
        """)
  }

  @Test func aWholeValueThatChangedIsNamedSelf() {
    #expect(
      formatter.diff(from: 1, to: 2) == """
        self
          - 1
          + 2
        """)
    #expect(
      formatter.diff(from: ["a"], to: ["a", "b"]) == """
        self[1]
          + "b"
        """)
  }

  @Test func observableClassesAreComparedByTheirBackingProperties() {
    let new = StationModel()
    new.volume = 7
    #expect(
      formatter.diff(from: StationModel(), to: new) == """
        _volume
          - 5
          + 7
        """)
  }
}
