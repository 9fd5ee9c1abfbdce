// swift-tools-version: 6.2
import PackageDescription

// The code the README and the articles show, compiled as a user's package compiles it: this
// package depends on Reductor by path, so its targets see the public API only, never a `package`
// symbol. The root package builds and runs the same test targets (all but one file; its manifest
// says why), so its `swift test` runs them with the rest of the tests.
func reductor(_ product: String) -> Target.Dependency {
  .product(name: product, package: "Reductor")
}

let package = Package(
  name: "ReductorSnippets",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "Reductor", path: "../..")],
  targets: [
    // The repetition count of the stress tests: the root package's target, linked here, so that
    // both packages repeat a stress test as often.
    .target(name: "StressRuns", path: "StressRuns"),
    .testTarget(
      name: "ReductorSnippets",
      dependencies: [reductor("Reductor"), reductor("ReductorTesting"), "StressRuns"]),
    .testTarget(
      name: "ReductorTestingSnippets",
      dependencies: [
        reductor("ReductorTesting"), reductor("ReductorReactorTesting"),
        reductor("ReductorRecordingTesting"), reductor("ReductorSharing"),
      ]),
    .testTarget(
      name: "ReductorReactorSnippets",
      dependencies: [reductor("ReductorReactor"), reductor("ReductorTesting")]),
    .testTarget(
      name: "ReductorSharingSnippets",
      dependencies: [reductor("ReductorSharing"), reductor("ReductorTesting")]),
    .testTarget(
      name: "ReductorRecordingSnippets",
      dependencies: [reductor("ReductorRecording"), reductor("ReductorTesting")]),
  ],
  swiftLanguageModes: [.v6]
)

// The root package's settings, so that the snippets compile here as they do there.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .treatWarning("ExplicitSendable", as: .error),
    ]
}
