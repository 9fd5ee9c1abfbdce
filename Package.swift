// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Reductor",
  // The core needs Synchronization's `Atomic` and `TaskExecutor` (both macOS 15 and the matching
  // releases) and Observation (macOS 14).
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Reductor", targets: ["Reductor"]),
    .library(name: "ReductorTesting", targets: ["ReductorTesting"]),
    .library(name: "ReductorReactor", targets: ["ReductorReactor"]),
    .library(name: "ReductorSharing", targets: ["ReductorSharing"]),
    .library(name: "ReductorRecording", targets: ["ReductorRecording"]),
    .library(name: "ReductorReactorTesting", targets: ["ReductorReactorTesting"]),
    .library(name: "ReductorRecordingTesting", targets: ["ReductorRecordingTesting"]),
    .executable(name: "counter", targets: ["Counter"]),
    .executable(name: "search", targets: ["Search"]),
    .executable(name: "items", targets: ["Items"]),
    .executable(name: "scoreboard", targets: ["Scoreboard"]),
    .executable(name: "todos", targets: ["Todos"]),
    .executable(name: "rooms", targets: ["Rooms"]),
    .executable(name: "reductor-bench", targets: ["ReductorBench"]),
    .executable(name: "reductor-inspect", targets: ["ReductorInspect"]),
    .executable(name: "shared-crash-probe", targets: ["SharedCrashProbe"]),
    .executable(name: "recording-crash-probe", targets: ["RecordingCrashProbe"]),
  ],
  targets: [
    .target(name: "Reductor"),
    // The test store, on the core alone; a shared value in a state is asserted through the
    // core's `HeldByReference`.
    .target(name: "ReductorTesting", dependencies: ["Reductor"]),
    // Test stores of reactors, reactables and async reactors.
    .target(name: "ReductorReactorTesting", dependencies: ["ReductorReactor", "ReductorTesting"]),
    // Replaying a recording as a test.
    .target(
      name: "ReductorRecordingTesting", dependencies: ["ReductorRecording", "ReductorTesting"]),
    .target(name: "ReductorReactor", dependencies: ["Reductor"]),
    // Shared state and its persistence; with ReductorRecording, the library modules that import
    // Foundation.
    .target(name: "ReductorSharing", dependencies: ["Reductor"]),
    // Recording a store's session to JSON lines, reading it back, rebuilding its states.
    .target(name: "ReductorRecording", dependencies: ["Reductor"]),
    // The inspector page of a recording: one self-contained HTML file, from the JSON lines alone.
    .target(
      name: "InspectorPage", dependencies: ["Reductor", "ReductorRecording"],
      path: "Tools/InspectorPage"),
    .executableTarget(
      name: "ReductorInspect", dependencies: ["InspectorPage"], path: "Tools/ReductorInspect"),
    // What the examples share to run in a terminal: input and signals as events, rendering.
    .target(name: "Terminal", path: "Examples/Terminal", packageAccess: false),
    .executableTarget(
      name: "Counter", dependencies: ["Reductor", "ReductorSharing", "Terminal"],
      path: "Examples/Counter", packageAccess: false),
    .executableTarget(
      name: "Search", dependencies: ["Reductor", "ReductorRecording", "Terminal"],
      path: "Examples/Search", packageAccess: false),
    .executableTarget(
      name: "Items", dependencies: ["ReductorReactor", "Terminal"], path: "Examples/Items",
      packageAccess: false),
    .executableTarget(
      name: "Scoreboard", dependencies: ["ReductorReactor", "Terminal"],
      path: "Examples/Scoreboard", packageAccess: false),
    .executableTarget(
      name: "Todos",
      dependencies: ["Reductor", "ReductorRecording", "ReductorSharing", "Terminal"],
      path: "Examples/Todos", packageAccess: false),
    .executableTarget(
      name: "Rooms", dependencies: ["Reductor"], path: "Examples/Rooms", packageAccess: false),
    .executableTarget(
      name: "ReductorBench",
      dependencies: ["Reductor", "ReductorReactor", "ReductorSharing", "ReductorRecording"],
      path: "Benchmarks/ReductorBench"),
    // Kills a process writing a shared file again and again, and checks the file it leaves.
    .executableTarget(
      name: "SharedCrashProbe", dependencies: ["Reductor", "ReductorSharing", "ProbeSupport"],
      path: "Probes/SharedCrashProbe"),
    // Kills a process recording its session again and again, and reads back the file it leaves.
    .executableTarget(
      name: "RecordingCrashProbe",
      dependencies: ["Reductor", "ReductorRecording", "ProbeSupport"],
      path: "Probes/RecordingCrashProbe"),
    // Running the probe's program again as a child, and killing it.
    .target(name: "ProbeSupport", dependencies: ["Reductor"], path: "Probes/ProbeSupport"),
    // The repetition count of the stress tests, shared by the test targets.
    .target(name: "StressRuns", path: "Tests/StressRuns"),
    .testTarget(name: "ReductorTests", dependencies: ["Reductor", "StressRuns"]),
    .testTarget(
      name: "ReductorTestingTests",
      dependencies: [
        "ReductorTesting", "ReductorReactorTesting", "ReductorRecordingTesting", "ReductorSharing",
        "StressRuns",
      ]),
    .testTarget(name: "ReductorReactorTests", dependencies: ["ReductorReactor", "StressRuns"]),
    .testTarget(
      name: "ReductorSharingTests",
      dependencies: ["ReductorSharing", "ReductorTesting", "StressRuns"]),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal", "StressRuns"]),
    .testTarget(name: "ReductorRecordingTests", dependencies: ["ReductorRecording", "StressRuns"]),
    .testTarget(name: "InspectorPageTests", dependencies: ["InspectorPage", "ReductorRecording"]),
    .testTarget(
      name: "CounterTests",
      dependencies: [
        "Counter", "Terminal", "ReductorTesting", "ReductorSharing", "ReductorRecordingTesting",
        "StressRuns",
      ],
      packageAccess: false),
    .testTarget(
      name: "SearchTests",
      dependencies: ["Search", "ReductorTesting", "ReductorRecording", "ReductorRecordingTesting"],
      packageAccess: false),
    .testTarget(
      name: "ItemsTests", dependencies: ["Items", "Terminal", "ReductorReactor", "StressRuns"],
      packageAccess: false),
    .testTarget(
      name: "TodosTests",
      dependencies: [
        "Todos", "ReductorTesting", "ReductorSharing", "ReductorRecording",
        "ReductorRecordingTesting",
      ],
      resources: [.copy("Resources/session.jsonl")], packageAccess: false),
    .testTarget(
      name: "ScoreboardTests",
      dependencies: ["Scoreboard", "Terminal", "ReductorReactor", "StressRuns"],
      packageAccess: false),
    // The code the README and the articles show (Documentation/Snippets, a package of its own
    // that builds it from outside, against the public API only), run here with the other tests.
    .testTarget(
      name: "ReductorSnippets", dependencies: ["Reductor", "ReductorTesting", "StressRuns"],
      path: "Documentation/Snippets/Tests/ReductorSnippets",
      // These tests install the process-wide instrumentation handlers, as
      // InstrumentationHandlerTests do; Swift Testing serializes the tests of a suite, not of two
      // modules, so they run in the snippet package's test runs only (debug and release, in CI).
      exclude: ["InstrumentingStoresArticleTests.swift"], packageAccess: false),
    .testTarget(
      name: "ReductorTestingSnippets",
      dependencies: [
        "ReductorTesting", "ReductorReactorTesting", "ReductorRecordingTesting", "ReductorSharing",
      ],
      path: "Documentation/Snippets/Tests/ReductorTestingSnippets", packageAccess: false),
    .testTarget(
      name: "ReductorReactorSnippets", dependencies: ["ReductorReactor", "ReductorTesting"],
      path: "Documentation/Snippets/Tests/ReductorReactorSnippets", packageAccess: false),
    .testTarget(
      name: "ReductorSharingSnippets", dependencies: ["ReductorSharing", "ReductorTesting"],
      path: "Documentation/Snippets/Tests/ReductorSharingSnippets", packageAccess: false),
    .testTarget(
      name: "ReductorRecordingSnippets", dependencies: ["ReductorRecording", "ReductorTesting"],
      path: "Documentation/Snippets/Tests/ReductorRecordingSnippets", packageAccess: false),
    // Checks that every Swift code block of the README and the articles comes from code that
    // compiles.
    .testTarget(name: "DocumentationTests"),
  ],
  swiftLanguageModes: [.v6]
)

// Settings shared by every target.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      // SE-0335: spell existential types with `any`.
      .enableUpcomingFeature("ExistentialAny"),
      // SE-0444: a file sees only the members of the modules it imports itself.
      .enableUpcomingFeature("MemberImportVisibility"),
      // SE-0409: imports are internal unless marked `public import`.
      .enableUpcomingFeature("InternalImportsByDefault"),
      // SE-0443: every public type says whether it is `Sendable` (the group is off by default;
      // `-Werror` turns it on as errors).
      .treatWarning("ExplicitSendable", as: .error),
    ]
}
