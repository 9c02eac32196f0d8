// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer target for the loader, the script compiler and the runner.
// A package of its own so that the main package's build and CI never see
// `-sanitize=fuzzer`. Fuzz/README.md says how to fuzz; from the
// repository's root (Linux):
//
//     swift build -c release --package-path Fuzz \
//         -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//     Fuzz/.build/release/SceneFuzzer -dict=Fuzz/scene.dict CORPUS Fuzz/Corpus
let package = Package(
    name: "SceneFuzz",
    dependencies: [
        .package(name: "scene-runtime", path: "..")
    ],
    targets: [
        // libFuzzer's driver, declared for Swift.
        .target(name: "CFuzzerDriver"),
        // The function libFuzzer calls with each input. SwiftPM links an
        // executable's `main` from `SceneFuzzer_main`, the name it gives the
        // module's entry point, so that entry point (`@main`) hands the
        // command line to libFuzzer's driver rather than relying on
        // libFuzzer's own `main`.
        .executableTarget(
            name: "SceneFuzzer",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "SceneCore", package: "scene-runtime"),
                .product(name: "SceneLoader", package: "scene-runtime"),
                .product(name: "SceneBehaviours", package: "scene-runtime"),
                .product(name: "SceneRunning", package: "scene-runtime"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
