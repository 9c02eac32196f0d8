// swift-tools-version: 6.0
import PackageDescription

// A package that adopts the scene runtime as an app would: a behaviour of
// its own, a runner that knows it, and tests of both kinds. It depends on
// the runtime by path; from a Git server it would be
// .package(url: "<your host>/scene-runtime.git", branch: "main").
let package = Package(
    name: "CustomBehaviours",
    products: [
        .library(name: "Countdown", targets: ["Countdown"]),
        .executable(name: "countdown-runner", targets: ["countdown-runner"]),
    ],
    dependencies: [
        .package(name: "scene-runtime", path: "../..")
    ],
    targets: [
        // The behaviour: depends on the core and the built-in controls only.
        .target(
            name: "Countdown",
            dependencies: [
                .product(name: "SceneCore", package: "scene-runtime"),
                .product(name: "SceneBehaviours", package: "scene-runtime"),
            ]
        ),
        // The whole scene-runner command line, over the standard types and Countdown.
        .executableTarget(
            name: "countdown-runner",
            dependencies: ["Countdown", .product(name: "SceneCommandLine", package: "scene-runtime")]
        ),
        .testTarget(
            name: "CountdownTests",
            dependencies: ["Countdown", .product(name: "SceneTesting", package: "scene-runtime")]
        ),
        .testTarget(
            name: "CountdownXCTests",
            dependencies: ["Countdown", .product(name: "SceneTesting", package: "scene-runtime")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
