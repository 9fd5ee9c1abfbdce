// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Reductor",
  products: [
    .library(name: "Reductor", targets: ["Reductor"]),
    .library(name: "ReductorTesting", targets: ["ReductorTesting"]),
    .executable(name: "counter", targets: ["Counter"]),
    .executable(name: "search", targets: ["Search"]),
    .executable(name: "reductor-bench", targets: ["ReductorBench"]),
  ],
  targets: [
    .target(name: "Reductor"),
    .target(name: "ReductorTesting", dependencies: ["Reductor"]),
    .executableTarget(name: "Counter", dependencies: ["Reductor"], path: "Examples/Counter"),
    .executableTarget(name: "Search", dependencies: ["Reductor"], path: "Examples/Search"),
    .executableTarget(
      name: "ReductorBench", dependencies: ["Reductor"], path: "Benchmarks/ReductorBench"),
    .testTarget(name: "ReductorTests", dependencies: ["Reductor"]),
    .testTarget(name: "ReductorTestingTests", dependencies: ["ReductorTesting"]),
    .testTarget(name: "CounterTests", dependencies: ["Counter", "ReductorTesting"]),
    .testTarget(name: "SearchTests", dependencies: ["Search", "ReductorTesting"]),
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
    ]
}
