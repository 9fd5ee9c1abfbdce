import Observation
import Reductor
import Testing

// MARK: - Fixtures

private struct Tune: Equatable, Sendable {
  var title = "Intro"
  var seconds = 90
}

private struct Playlist {
  var name = "Mix"
  var current = Tune()
  var settings = PlaylistSettings()
}

private struct PlaylistSettings {
  var audio = PlaylistAudio()
  var shuffle = false
}

private struct PlaylistAudio {
  var volume = 5
}

private enum Playback: Equatable, Sendable {
  case stopped
  case paused(at: Int)
  case failed(code: Int, message: String)
  case playing(Tune)
  case queued(Int, Tune)
}

@Observable
private final class PlayerModel {
  var volume = 5
  var title = "Player"
}

private struct UnderscoredFields {
  var _count = 1
  var _$cache = [1, 2]
}

private struct UpNext {
  var next: Tune? = nil
  var previous: Tune? = Tune()
  var rating: Int? = 4
}

private struct Discography {
  var tracks = ["a", "b"]
  var plays = ["zed": 1, "amy": 2, "Bob": 3]
  var tags: Set<String> = ["rock", "jazz"]
  var noTracks: [String] = []
  var noPlays: [String: Int] = [:]
}

private final class Reel {
  let name: String
  var next: Reel?

  init(_ name: String, next: Reel? = nil) {
    self.name = name
    self.next = next
  }
}

private struct ReelPair {
  var left: Reel
  var right: Reel
}

private final class Matryoshka {
  var below: Matryoshka?

  init(below: Matryoshka?) {
    self.below = below
  }
}

private struct Parcel<Content> {
  struct Label {
    var text = "box"
  }

  var content: Content
  var label = Label()
}

// MARK: - Tests

@Suite struct MirrorFormatterTests {
  let formatter = MirrorFormatter()

  @Test func aValueStatePrintsItsTypeThenOneLinePerStoredProperty() {
    #expect(
      formatter.format(Tune()) == """
        Tune
          - title: "Intro"
          - seconds: 90
        """)
  }

  @Test func nestedStructsAreIndentedTwoMoreSpacesPerLevel() {
    #expect(
      formatter.format(Playlist()) == """
        Playlist
          - name: "Mix"
          - current: Tune
            - title: "Intro"
            - seconds: 90
          - settings: PlaylistSettings
            - audio: PlaylistAudio
              - volume: 5
            - shuffle: false
        """)
  }

  @Test func anObservableClassKeepsItsBackingPropertiesAndOmitsTheRegistrar() {
    #expect(
      formatter.format(PlayerModel()) == """
        PlayerModel
          - _volume: 5
          - _title: "Player"
          - _$observationRegistrar: ObservationRegistrar (omitted)
        """)
  }

  @Test func onlyPropertiesStartingWithUnderscoreDollarAreOmitted() {
    #expect(
      formatter.format(UnderscoredFields()) == """
        UnderscoredFields
          - _count: 1
          - _$cache: [Int] (omitted)
        """)
  }

  @Test(arguments: [
    (Playback.stopped, "stopped"),
    (.paused(at: 3), "paused(at: 3)"),
    (.failed(code: 404, message: "Not found"), #"failed(code: 404, message: "Not found")"#),
    (
      .playing(Tune()),
      """
      playing(Tune)
        - title: "Intro"
        - seconds: 90
      """
    ),
    (
      .queued(2, Tune()),
      """
      queued(Int, Tune)
        - .0: 2
        - .1: Tune
          - title: "Intro"
          - seconds: 90
      """
    ),
  ])
  fileprivate func enumsPrintTheirCaseWithAssociatedValuesInParentheses(
    playback: Playback, expected: String
  ) {
    #expect(formatter.format(playback) == expected)
  }

  @Test func optionalsPrintTheWrappedValueOrNil() {
    #expect(
      formatter.format(UpNext()) == """
        UpNext
          - next: nil
          - previous: Tune
            - title: "Intro"
            - seconds: 90
          - rating: 4
        """)
  }

  @Test func collectionsPrintIndicesAndDictionariesAndSetsAreSortedByText() {
    #expect(
      formatter.format(Discography()) == """
        Discography
          - tracks: [String]
            - [0]: "a"
            - [1]: "b"
          - plays: [String: Int]
            - ["Bob"]: 3
            - ["amy"]: 2
            - ["zed"]: 1
          - tags: Set<String>
            - "jazz"
            - "rock"
          - noTracks: []
          - noPlays: [:]
        """)
  }

  @Test func dictionaryKeysAreSortedByTheirFormattedTextNotByValue() {
    #expect(
      formatter.format([2: "two", 10: "ten", 1: "one"]) == """
        [Int: String]
          - [1]: "one"
          - [10]: "ten"
          - [2]: "two"
        """)
  }

  @Test func leavesPrintTheirValueAndStringsAreQuotedAndEscaped() {
    #expect(formatter.format(42) == "42")
    #expect(formatter.format(true) == "true")
    #expect(formatter.format(1.5) == "1.5")
    #expect(formatter.format("say \"hi\"\n") == #""say \"hi\"\n""#)
    #expect(formatter.format(Character("c")) == #""c""#)
    #expect(formatter.format(Duration.milliseconds(1500)) == "1.5 seconds")
    #expect(formatter.format(0..<3) == "0..<3")
    #expect(formatter.format(Int?.none as Any) == "nil")
    #expect(formatter.format((1, "a")) == #"(1, "a")"#)
    #expect(formatter.format((x: 1, y: 2)) == "(x: 1, y: 2)")
  }

  @Test func typeNamesDropModulesAndUseSugar() {
    #expect(
      formatter.format(Parcel(content: ["a": [1, nil]])) == """
        Parcel<[String: [Int?]]>
          - content: [String: [Int?]]
            - ["a"]: [Int?]
              - [0]: 1
              - [1]: nil
          - label: Parcel<[String: [Int?]]>.Label
            - text: "box"
        """)
  }

  @Test func aClassInstanceMetAgainOnItsOwnPathIsMarkedAsACycle() {
    let first = Reel("first")
    let second = Reel("second", next: first)
    first.next = second
    defer { first.next = nil }
    #expect(
      formatter.format(first) == """
        Reel
          - name: "first"
          - next: Reel
            - name: "second"
            - next: Reel (cycle)
        """)
  }

  @Test func aClassInstanceSharedByTwoPathsIsPrintedOnEach() {
    let shared = Reel("shared")
    #expect(
      formatter.format(ReelPair(left: shared, right: shared)) == """
        ReelPair
          - left: Reel
            - name: "shared"
            - next: nil
          - right: Reel
            - name: "shared"
            - next: nil
        """)
  }
}

@Suite struct MirrorFormatterLimitTests {
  @Test func childrenBelowTheDepthLimitAreCutWithAMarker() {
    #expect(
      MirrorFormatter(maxDepth: 2).format(Playlist()) == """
        Playlist
          - name: "Mix"
          - current: Tune
            - title: "Intro"
            - seconds: 90
          - settings: PlaylistSettings
            - audio: PlaylistAudio
              - ... 1 child cut (depth limit: 2 levels)
            - shuffle: false
        """)
  }

  @Test func theDefaultDepthLimitIsTenLevels() {
    var chain = Matryoshka(below: nil)
    for _ in 0..<11 { chain = Matryoshka(below: chain) }
    #expect(
      MirrorFormatter().format(chain) == """
        Matryoshka
          - below: Matryoshka
            - below: Matryoshka
              - below: Matryoshka
                - below: Matryoshka
                  - below: Matryoshka
                    - below: Matryoshka
                      - below: Matryoshka
                        - below: Matryoshka
                          - below: Matryoshka
                            - below: Matryoshka
                              - ... 1 child cut (depth limit: 10 levels)
        """)
  }

  @Test func childrenBeyondTheChildLimitAreCutWithAMarker() {
    #expect(
      MirrorFormatter(maxChildren: 3).format([1, 2, 3, 4, 5]) == """
        [Int]
          - [0]: 1
          - [1]: 2
          - [2]: 3
          - ... 2 more children cut (limit: 3 children per value)
        """)
  }

  @Test func theDefaultChildLimitIsAHundredPerValue() {
    let lines = MirrorFormatter().format(Array(0..<102)).split(separator: "\n")
    #expect(lines.count == 102)
    #expect(
      lines.suffix(2) == [
        "  - [99]: 99",
        "  - ... 2 more children cut (limit: 100 children per value)",
      ])
  }

  @Test func valuesBeyondTheValueLimitAreCutWithOneMarker() {
    #expect(
      MirrorFormatter(maxValues: 4).format(Playlist()) == """
        Playlist
          - name: "Mix"
          - current: Tune
            - title: "Intro"
            - ... the rest is cut (limit: 4 values in total)
        """)
  }

  @Test func theDefaultValueLimitIsAThousandPerEntry() {
    let rows = Array(repeating: Array(0..<100), count: 20)
    let lines = MirrorFormatter().format(rows).split(separator: "\n")
    #expect(lines.count == 1_001)
    #expect(
      lines.suffix(3) == [
        "    - [87]: 87",
        "    - [88]: 88",
        "    - ... the rest is cut (limit: 1000 values in total)",
      ])
  }
}
