// swift-tools-version: 6.0
import PackageDescription

/// The systems without UIKit's views, where BehavioursUIKit compiles
/// against UIKitStandIn (watchOS has UIKit, but not its views).
let standInPlatforms: [Platform] = [.macOS, .watchOS, .linux, .windows, .android, .wasi, .openbsd]

let package = Package(
    name: "scene-runtime",
    // What Observation (the portable behaviours' reports) needs on Apple's systems.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "scene-runner", targets: ["scene-runner"]),
        // The behaviours an app ships: no scene module, no dependency.
        .library(name: "Behaviours", targets: ["Behaviours"]),
        // The behaviours' protocols adopted by UIKit's views, controls and
        // gestures, and the storyboard objects that wire them.
        .library(name: "BehavioursUIKit", targets: ["BehavioursUIKit"]),
        .library(name: "SceneCore", targets: ["SceneCore"]),
        .library(name: "SceneLoader", targets: ["SceneLoader"]),
        .library(name: "SceneBehaviours", targets: ["SceneBehaviours"]),
        .library(name: "SceneDrawing", targets: ["SceneDrawing"]),
        .library(name: "SceneRunning", targets: ["SceneRunning"]),
        .library(name: "SceneStorage", targets: ["SceneStorage"]),
        .library(name: "SceneTesting", targets: ["SceneTesting"]),
        .library(name: "SceneCommandLine", targets: ["SceneCommandLine"]),
        .library(name: "ScenePreview", targets: ["ScenePreview"]),
        // `swift package check-scenes`, for every package that depends on this one.
        .plugin(name: "CheckScenes", targets: ["CheckScenes"]),
        // Applied to a target, `swift build` checks its scene resources (standard types).
        .plugin(name: "CheckScenesOnBuild", targets: ["CheckScenesOnBuild"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Layer 0: the system libyaml, through pkg-config.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Layer 1: YAML events and documents with source positions and limits.
        .target(name: "SceneYAML", dependencies: ["CYAML"]),
        // Layer 0b: what every output is written with (escaping for XML,
        // HTML and SVG, JSON, files written whole, scratch files, child
        // processes, base64), below every module that writes.
        .target(name: "SceneOutput", dependencies: ["CSpawn"]),
        // Layer 0: starting a child process that ends with its parent,
        // even a killed one (fork, PR_SET_PDEATHSIG, execve).
        .target(name: "CSpawn"),
        // Layer 0c: a Cassowary constraint solver (required constraints
        // exact, the others by UIKit priority, edit variables), no dependencies.
        .target(name: "ConstraintSolver"),
        // Layer 0f: the Language Server Protocol's framing, JSON-RPC 2.0
        // messages and position encodings, no scene knowledge.
        .target(name: "LanguageServerProtocol", dependencies: ["SceneOutput"]),
        // Layer 0d: the portable behaviours and the small protocols they
        // need (a clock, touches, hiding), on the standard library and
        // Observation only, so that an app links them without the runtime.
        .target(name: "Behaviours"),
        // Layer 0e: UIKit's views, controls and gesture recognisers adopting
        // the portable behaviours' protocols, and the objects a storyboard
        // names to wire them. Where UIKit is absent it compiles against
        // UIKitStandIn, so that CI builds and tests its logic.
        .target(
            name: "BehavioursUIKit",
            dependencies: ["Behaviours", .target(name: "UIKitStandIn", condition: .when(platforms: standInPlatforms))]
        ),
        // Tests only: the part of UIKit's interface that BehavioursUIKit
        // uses, with Apple's signatures, for the systems that have no UIKit.
        .target(name: "UIKitStandIn", path: "Tests/UIKitStandIn"),
        // Layer 2: the registry, values and the scene object model (no YAML).
        .target(name: "SceneCore", dependencies: ["Behaviours"]),
        // Layer 2b: the loader, from YAML documents to wired scenes, and diagnostics.
        .target(name: "SceneLoader", dependencies: ["SceneYAML", "SceneCore", "SceneOutput"]),
        // Layer 2c': Interface Builder files (storyboards, xibs) read with
        // a strict XML reader of its own and written as scene files (`import`).
        .target(name: "SceneImport", dependencies: ["SceneCore", "SceneLoader", "SceneYAML"]),
        // Layer 2c: running scripts on the scene clock, transcripts.
        // Snapshot steps draw the scene, so it reads SceneDrawing (no controls).
        .target(
            name: "SceneRunning",
            dependencies: ["SceneLoader", "SceneCore", "SceneYAML", "SceneDrawing", "SceneOutput"]),
        // Test support for users' own test targets, under Swift Testing and XCTest.
        .target(
            name: "SceneTesting",
            dependencies: ["SceneRunning", "SceneLoader", "SceneCore", "SceneBehaviours", "Behaviours", "SceneYAML"]
        ),
        // Layer 2d: layout, text metrics and SVG pictures (no YAML, no controls).
        .target(name: "SceneDrawing", dependencies: ["SceneCore", "SceneOutput", "ConstraintSolver"]),
        // Layer 3: headless controls and behaviours.
        .target(name: "SceneBehaviours", dependencies: ["SceneCore", "SceneDrawing"]),
        // Layer 3b: behaviours that keep state on disk (SQLite through GRDB),
        // so that only the programs that want them link GRDB.
        .target(
            name: "SceneStorage",
            dependencies: [
                "SceneCore", "SceneBehaviours", "Behaviours", "SceneOutput",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Layer 3c: `lsp`, a language server over the loader's model of a scene.
        .target(
            name: "SceneLanguageServer",
            dependencies: [
                "LanguageServerProtocol", "SceneLoader", "SceneCore", "SceneYAML", "SceneOutput", "Behaviours",
            ]),
        // Layer 4: the command line, over any registry, for any program.
        .target(
            name: "SceneCommandLine",
            dependencies: [
                "SceneCore", "SceneLoader", "SceneRunning", "SceneYAML", "SceneDrawing", "SceneOutput", "SceneImport",
                "SceneLanguageServer", "LanguageServerProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The timeline page's style sheet and script: files editors,
            // linters and `node --check` read, built into the program as
            // bytes, so that a runner copied anywhere (or built by a package
            // that depends on this one) has them without a resource bundle.
            resources: [
                .embedInCode("Timeline/Assets/timeline.css"), .embedInCode("Timeline/Assets/timeline.js"),
            ]
        ),
        // Layer 5: `preview`, the scene in a browser on the real clock. A
        // separate product, so that only the programs that add the command
        // link SwiftNIO (SceneCommandLine does not).
        .target(
            name: "ScenePreview",
            dependencies: [
                "SceneCore", "SceneLoader", "SceneRunning", "SceneDrawing", "SceneCommandLine", "SceneOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            resources: [.embedInCode("Assets/preview.html")]
        ),
        // `scene-runner`: the command line over the standard and storage
        // types, with `preview`.
        .executableTarget(name: "scene-runner", dependencies: ["SceneCommandLine", "SceneStorage", "ScenePreview"]),
        // `scene-fuzz`: the process-level fuzzers, mutated and generated
        // scenes through the real runner (Fuzz/README.md). Not a product:
        // packages that depend on this one never build it.
        .executableTarget(
            name: "scene-fuzz",
            dependencies: [
                "SceneCore", "SceneYAML", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Fuzz/ProcessFuzzer"),
        // `swift package check-scenes`: builds the package's runner (its own,
        // or scene-runner) and checks every scene file with it (docs/Plugin.md).
        .plugin(
            name: "CheckScenes",
            capability: .command(
                intent: .custom(
                    verb: "check-scenes",
                    description: "Check the package's scene files with its scene runner, as the compiler reports."))
        ),
        // A target's scene resources checked by `swift build`, with the
        // standard scene-runner: a broken scene fails the build at its line.
        .plugin(name: "CheckScenesOnBuild", capability: .buildTool(), dependencies: ["scene-runner"]),
        // What several test targets share (temporary folders, programs run
        // with a hang guard, the built scene-runner, transcripts, waiting,
        // the package's folder); tests only.
        .target(
            name: "TestSupport", dependencies: ["SceneCore", "SceneLoader", "SceneRunning", "SceneBehaviours"],
            path: "Tests/TestSupport"),
        .testTarget(name: "SceneYAMLTests", dependencies: ["SceneYAML", "SceneCore", "TestSupport"]),
        .testTarget(name: "SceneOutputTests", dependencies: ["SceneOutput", "TestSupport"]),
        .testTarget(name: "SceneCoreTests", dependencies: ["SceneCore", "TestSupport"]),
        // The portable behaviours on their own, on the virtual scheduler
        // and on the main thread's real clock.
        .testTarget(name: "BehavioursTests", dependencies: ["Behaviours", "SceneCore", "TestSupport"]),
        // The UIKit adapters' logic, against UIKitStandIn (where UIKit is absent).
        .testTarget(
            name: "BehavioursUIKitTests",
            dependencies: [
                "BehavioursUIKit", "Behaviours", "SceneCore",
                .target(name: "UIKitStandIn", condition: .when(platforms: standInPlatforms)),
            ]),
        // The solver's units, and a differential test against kiwisolver
        // (the Python script beside it, run by path).
        .testTarget(
            name: "ConstraintSolverTests", dependencies: ["ConstraintSolver", "SceneCore", "TestSupport"],
            exclude: ["kiwi_reference.py"]),
        .testTarget(
            name: "SceneImportTests",
            dependencies: [
                "SceneImport", "SceneLoader", "SceneCore", "SceneBehaviours", "SceneRunning", "SceneDrawing",
                "TestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "SceneLanguageServerTests",
            dependencies: [
                "SceneLanguageServer", "LanguageServerProtocol", "SceneLoader", "SceneCore", "SceneBehaviours",
                "SceneOutput", "TestSupport",
            ]),
        .testTarget(name: "SceneDrawingTests", dependencies: ["SceneDrawing", "SceneCore"]),
        .testTarget(
            name: "SceneLoaderTests",
            dependencies: [
                "SceneLoader", "SceneCore", "SceneYAML", "SceneBehaviours", "Behaviours", "SceneOutput", "TestSupport",
            ]),
        .testTarget(
            name: "SceneBehavioursTests",
            dependencies: ["SceneBehaviours", "Behaviours", "SceneCore", "SceneDrawing", "TestSupport"],
            exclude: ["Pictures"]),
        .testTarget(
            name: "SceneRunningTests",
            dependencies: [
                "SceneRunning", "SceneTesting", "SceneBehaviours", "Behaviours", "SceneCore", "SceneLoader",
                "TestSupport",
            ],
            // Fixtures holds the transcripts' digests, read by path (TranscriptDigestTests).
            exclude: ["Fixtures"]),
        // SceneTesting under Swift Testing and XCTest; Fixtures holds scene files.
        .testTarget(
            name: "SceneTestingTests", dependencies: ["SceneTesting", "TestSupport"],
            exclude: ["Fixtures", "Snapshots"]),
        .testTarget(
            name: "SceneStorageTests",
            dependencies: [
                "SceneStorage", "SceneBehaviours", "Behaviours", "SceneRunning", "SceneLoader", "SceneCore",
                "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "SceneCommandLineTests",
            dependencies: [
                "SceneCommandLine", "SceneBehaviours", "SceneStorage", "SceneCore", "SceneLoader", "SceneRunning",
                "SceneOutput", "SceneYAML", "TestSupport",
            ]
        ),
        // The check-scenes plugin's runner choice, arguments and file rules:
        // its plain Swift files, linked here (plugins have no test targets).
        .testTarget(name: "CheckScenesTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "ScenePreviewTests",
            dependencies: [
                "ScenePreview", "SceneCommandLine", "SceneBehaviours", "SceneRunning", "SceneLoader", "SceneCore",
                "TestSupport", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
        .testTarget(
            // The built `scene-runner` executable, end to end: its commands,
            // and the README's and docs' examples.
            name: "EndToEndTests",
            dependencies: ["SceneCore", "SceneBehaviours", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
