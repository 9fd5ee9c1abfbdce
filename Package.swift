// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Reductor",
  products: [
    .library(name: "Reductor", targets: ["Reductor"]),
    .executable(name: "counter", targets: ["Counter"]),
  ],
  targets: [
    .target(name: "Reductor"),
    .testTarget(name: "ReductorTests", dependencies: ["Reductor"]),
    .executableTarget(name: "Counter", dependencies: ["Reductor"], path: "Examples/Counter"),
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
