// swift-tools-version: 6.2
import PackageDescription

// A user's package that tests its reducers: it depends on the products Reductor and
// ReductorTesting only. CI builds and tests it, and checks that no other module of Reductor's
// was compiled for it (.ci/run, "a package on Reductor and ReductorTesting only").
let package = Package(
  name: "CoreTesting",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "Reductor", path: "../..")],
  targets: [
    .target(name: "Tally", dependencies: [.product(name: "Reductor", package: "Reductor")]),
    .testTarget(
      name: "TallyTests",
      dependencies: ["Tally", .product(name: "ReductorTesting", package: "Reductor")]),
  ],
  swiftLanguageModes: [.v6]
)
