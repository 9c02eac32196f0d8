// swift-tools-version: 6.0
import PackageDescription

// The benchmarks: a package of their own, so that a package that depends
// on scene-runtime never builds them. They see the runtime as an adopter
// does (its public API), and measure `scene-runner` as a user runs it.
//
//     cd Benchmarks
//     swift build -c release --product scene-bench
//     swift build -c release --package-path .. --product scene-runner
//     .build/release/scene-bench --check
let package = Package(
    name: "scene-benchmarks",
    products: [
        .executable(name: "scene-bench", targets: ["SceneBench"])
    ],
    dependencies: [
        .package(name: "scene-runtime", path: "..")
    ],
    targets: [
        // libyaml itself, for the raw parse every load is measured against.
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // The generated scenes, for the benchmark and its tests, written with the loader's YAMLWriter.
        .target(name: "BenchScenes", dependencies: [.product(name: "SceneLoader", package: "scene-runtime")]),
        .executableTarget(
            name: "SceneBench",
            dependencies: [
                "CLibYAML", "BenchScenes",
                .product(name: "SceneCore", package: "scene-runtime"),
                .product(name: "SceneLoader", package: "scene-runtime"),
                .product(name: "SceneBehaviours", package: "scene-runtime"),
                .product(name: "SceneRunning", package: "scene-runtime"),
            ]
        ),
        .testTarget(
            name: "SceneBenchTests",
            dependencies: [
                "BenchScenes",
                .product(name: "SceneCommandLine", package: "scene-runtime"),
                .product(name: "SceneBehaviours", package: "scene-runtime"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
