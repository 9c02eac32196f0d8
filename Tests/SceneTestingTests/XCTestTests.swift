import Foundation
import SceneTesting
import TestSupport
import XCTest

/// Under XCTest, every failure of a scene fails the test where it is
/// written. Each case runs a test of its own inside this one and reads what
/// that test recorded, so that the failures asked for do not fail this test.
final class XCTestTests: XCTestCase {
    /// A failure XCTest recorded.
    struct Failure: Equatable {
        var file: String
        var line: Int
        var description: String
    }

    /// Records the failures of the test it observes.
    final class Recorder: NSObject, XCTestObservation, @unchecked Sendable {
        var failures: [Failure] = []
        func testCase(
            _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
            atLine lineNumber: Int
        ) {
            failures.append(Failure(file: filePath ?? "", line: lineNumber, description: description))
        }
    }

    /// Runs `body` as a test of its own and returns the failures it recorded.
    /// What XCTest prints about the inner test (its `error:` lines for the
    /// failures asked for) goes to a scratch file, not to this run's output,
    /// so that a passing `swift test` prints no `error:` line; the recorded
    /// failures are checked against what was printed.
    private func failures(of body: @escaping () throws -> Void) -> [Failure] {
        let recorder = Recorder()
        XCTestObservationCenter.shared.addTestObserver(recorder)
        defer { XCTestObservationCenter.shared.removeTestObserver(recorder) }
        let test = XCTestCase(name: "inner") { _ in try body() }
        let printed = Self.capturingStandardOutput { test.run() }
        XCTAssertEqual(test.testRun?.totalFailureCount, recorder.failures.count)
        #if os(Linux)
            XCTAssertEqual(
                printed.components(separatedBy: ": error: XCTestCase.inner : ").count - 1, recorder.failures.count,
                printed)
        #endif
        return recorder.failures
    }

    /// What `body` writes to standard output, which it writes to a scratch
    /// file instead (every stream flushed before and after; the descriptor
    /// is put back).
    static func capturingStandardOutput(_ body: () -> Void) -> String {
        guard let folder = try? temporaryFolder("inner") else {
            body()
            return ""
        }
        let path = folder.path("output.txt")
        fflush(nil)
        let saved = dup(1)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard saved >= 0, file >= 0 else {
            body()
            return ""
        }
        dup2(file, 1)
        close(file)
        body()
        fflush(nil)
        dup2(saved, 1)
        close(saved)
        return withExtendedLifetime(folder) { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    }

    func testAPassingSceneFailsNothing() {
        let failures = failures {
            try runScene(
                """
                objects:
                  spinner: {type: ActivityIndicator}
                script:
                  - call: spinner.start
                  - expect: { spinner.animating: true }
                """)
        }
        XCTAssertEqual(failures, [])
    }

    func testAFailedExpectationFailsTheTestAtItsLineInTheLiteral() {
        let call = #line + 2
        let failures = failures {
            try runScene(
                """
                objects:
                  spinner: {type: ActivityIndicator}
                script:
                  - expect: { spinner.animating: true }
                """)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, call + 5)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(failures.first?.description.contains("expect spinner.animating == true") ?? false)
    }

    func testAnInvalidSceneFailsAtEachMistakeAndThrows() {
        let call = #line + 2
        let failures = failures {
            try runScene(
                """
                objects:
                  play: {type: Buton}
                """)
        }
        XCTAssertEqual(failures.map(\.line), [call + 3, call], "the diagnostic, then the error the test threw")
        XCTAssertTrue(failures.first?.description.contains("unknown type 'Buton'") ?? false)
    }

    func testABrokenPromiseOfATypeFailsTheTestAtTheCallOnEveryTaskAndThread() throws {
        var registry = SceneRegistry.standard
        try registry.register(Planted.sceneDescription())
        let call = #line + 1
        let onItsThread = failures { expectConformance(of: "Planted", in: registry) }
        XCTAssertEqual(onItsThread.map(\.line), [call])
        XCTAssertEqual(onItsThread.first?.file, #filePath)
        XCTAssertTrue(onItsThread.first?.description.contains("Planted: 'level' changed from 0 to 1") ?? false)
        for context in OffTaskContext.allCases {
            let offIt = failures { [registry] in context.run { expectConformance(of: "Planted", in: registry) } }
            XCTAssertEqual(offIt.count, 1, "\(context)")
        }
    }

    func testAFailureOnAnotherTaskThreadOrQueueFailsTheTestAtItsLine() {
        for context in OffTaskContext.allCases {
            let failures = failures { context.run { runFailingScene() } }
            XCTAssertEqual(failures.count, 1, "\(context)")
            XCTAssertEqual(failures.first?.line, failingExpectationLine, "\(context)")
            XCTAssertTrue(failures.first?.file.hasSuffix("/OffTaskSupport.swift") ?? false, "\(context)")
            XCTAssertTrue(failures.first?.description.contains(failingExpectationMessage) ?? false, "\(context)")
        }
    }

    /// Run again in a process of its own by the test below, with a context
    /// in the environment: it runs a failing scene off its own thread.
    func testOffTaskFixture() throws {
        guard let context = offTaskFixtureContext else {
            throw XCTSkip("a fixture for testAFailureOffTheTestsThreadFailsTheRun")
        }
        context.run { runFailingScene() }
    }

    #if os(Linux)
        /// A run of its own proves that the failure fails the run's exit status.
        func testAFailureOffTheTestsThreadFailsTheRun() throws {
            for context in OffTaskContext.allCases {
                let run = try runFixture(["SceneTestingTests.XCTestTests/testOffTaskFixture"], in: context)
                XCTAssertNotEqual(run.status, 0, "\(context): the run must fail:\n\(run.output)")
                XCTAssertTrue(
                    run.output.contains(
                        "/OffTaskSupport.swift:\(failingExpectationLine): error: XCTestTests.testOffTaskFixture : failed - \(failingExpectationMessage)"
                    ), "\(context):\n\(run.output)")
            }
        }
    #endif

    func testAScriptErrorFailsTheTest() {
        let failures = failures {
            try runScene(
                "objects:\n  loop: {type: Looper}\nscript:\n  - call: loop.start\n", registry: loopingRegistry)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("the script stopped") ?? false)
    }

    func testAFailureInASceneFileFailsAtTheFilesOwnLine() {
        let call = #line + 1
        let failures = failures { try runScene(file: "\(fixtures)/failing.yaml") }
        XCTAssertEqual(failures.count, 2, "a summary at the call, then the expectation at its line")
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertEqual(failures.first?.line, call)
        XCTAssertTrue(failures.first?.description.contains("1 of 2 expectations failed") ?? false)
        XCTAssertTrue(failures.last?.file.hasSuffix("Tests/SceneTestingTests/Fixtures/failing.yaml") ?? false)
        XCTAssertEqual(failures.last?.line, 5)
    }

    func testRunScenesRunsAFolderAndFailsForEachFailure() {
        var transcripts: [Transcript] = []
        let failures = failures { transcripts = try runScenes(in: "\(fixtures)/Scenes") }
        XCTAssertEqual(transcripts.count, 2)
        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(failures.last?.file.hasSuffix("Fixtures/Scenes/b-failing.yaml") ?? false)
        XCTAssertEqual(failures.last?.line, 5)
    }

    func testAFolderWithoutScenesFails() {
        let failures = failures { try runScenes(in: "\(fixtures)/Empty") }
        XCTAssertFalse(failures.isEmpty)
        XCTAssertTrue(failures.first?.description.contains("holds no scene") ?? false)
    }
}

/// Snapshot steps under XCTest: a missing or different picture fails the
/// test at the step's line in the scene file; updating passes.
extension XCTestTests {
    func testAMissingReferenceFailsAtTheStepAndIsWrittenThenPasses() throws {
        let scene = try SnapshotScene()
        try scene.write(placeholder: "Name")
        let reported = failures { try runScene(file: scene.path) }
        let atSteps = reported.filter { $0.file == scene.path }
        XCTAssertEqual(atSteps.map(\.line), [SnapshotScene.stillLine, SnapshotScene.shakingLine])
        XCTAssertTrue(atSteps.allSatisfy { $0.description.contains("there was no reference picture") })
        XCTAssertTrue(scene.exists("still.svg"))
        XCTAssertEqual(failures(of: { try runScene(file: scene.path) }), [])
    }

    func testADifferentPictureFailsAtTheStepAndUpdatingPasses() throws {
        let scene = try SnapshotScene()
        try scene.write(placeholder: "Name")
        XCTAssertEqual(failures(of: { try runScene(file: scene.path, updatingSnapshots: true) }), [])
        try scene.write(placeholder: "Surname")
        let reported = failures { try runScene(file: scene.path) }
        let atSteps = reported.filter { $0.file == scene.path }
        XCTAssertEqual(atSteps.map(\.line), [SnapshotScene.stillLine, SnapshotScene.shakingLine])
        XCTAssertTrue(atSteps.first?.description.contains("the picture differs") ?? false)
        XCTAssertTrue(scene.contents("still.new.svg").contains(">Surname<"))
        XCTAssertEqual(failures(of: { try runScene(file: scene.path, updatingSnapshots: true) }), [])
        XCTAssertTrue(scene.contents("still.svg").contains(">Surname<"))
        XCTAssertEqual(failures(of: { try runScene(file: scene.path) }), [])
    }
}

/// `exploreScene` under XCTest: a broken invariant fails the test at its
/// line in the literal, with the minimal script in the message.
extension XCTestTests {
    func testExploringFailsAtTheBrokenInvariantsLineWithTheMinimalScript() {
        let call = #line + 3
        var script: [String] = []
        let failures = failures {
            script = try exploreScene(
                """
                objects:
                  volume: { type: Slider, value: 0.5 }
                invariants:
                  - { volume.value: { max: 0.8 } }
                """)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, call + 4)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(failures.first?.description.contains("invariant 'volume.value <= 0.8' broke") ?? false)
        XCTAssertEqual(script.count, 1)
        XCTAssertTrue(failures.first?.description.contains("  - \(script.first ?? "?")") ?? false)
    }

    func testExploringASceneWhoseInvariantsHoldFailsNothing() {
        var script: [String] = ["?"]
        let failures = failures {
            script = try exploreScene(
                """
                objects:
                  volume: { type: Slider, value: 0.5 }
                invariants:
                  - { volume.value: { min: 0, max: 1 } }
                """, runs: 10)
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(script, [])
    }
}
