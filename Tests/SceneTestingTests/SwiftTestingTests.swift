import Foundation
import SceneTesting
import Synchronization
import TestSupport
import Testing

/// Under Swift Testing, every failure of a scene fails the test where it is
/// written: withKnownIssue fails when no issue is recorded, and its matcher
/// turns an issue at the wrong place into a real failure.
@Suite struct SwiftTestingTests {
    @Test func aPassingSceneRecordsNothing() throws {
        let transcript = try runScene(
            """
            objects:
              spinner: {type: ActivityIndicator}
            script:
              - call: spinner.start
              - expect: { spinner.animating: true }
            """)
        #expect(transcript.passedCount == 1)
    }

    @Test func aFailedExpectationIsAnIssueAtItsLineInTheLiteral() throws {
        let call = #line + 2
        try withKnownIssue {
            try runScene(
                """
                objects:
                  spinner: {type: ActivityIndicator}
                script:
                  - expect: { spinner.animating: true }
                """)
        } matching: { issue in
            issue.sourceLocation?.line == call + 5 && issue.sourceLocation?.column == 16 + 15
                && issue.sourceLocation?.fileName == "SwiftTestingTests.swift"
                && issue.description.contains("expect spinner.animating == true at 0s: actual false")
        }
    }

    @Test func aBrokenInvariantIsAnIssueAtItsExpectationsLine() throws {
        let call = #line + 2
        try withKnownIssue {
            try runScene(
                """
                objects:
                  spinner: {type: ActivityIndicator}
                invariants:
                  - { spinner.animating: false }
                script:
                  - call: spinner.start
                """)
        } matching: { issue in
            issue.sourceLocation?.line == call + 5 && issue.sourceLocation?.column == 16 + 7
                && issue.description.contains(
                    "invariant spinner.animating == false broke after 'call spinner.start' at 0s: actual true")
        }
    }

    @Test func eachDiagnosticOfAnInvalidSceneIsAnIssueAndTheCallThrows() {
        let call = #line + 4
        let reported = Mutex<[String]>([])
        withKnownIssue {
            #expect(throws: SceneTestFailure.self) {
                try runScene(
                    """
                    objects:
                      controls: {type: View, hidden: maybe}
                      play: {type: Buton}
                    """)
            }
        } matching: { issue in
            let which =
                if issue.sourceLocation?.line == call + 3 && issue.description.contains("'hidden' takes true or false")
                {
                    "hidden"
                } else if issue.sourceLocation?.line == call + 4 && issue.description.contains("unknown type 'Buton'") {
                    "Buton"
                } else {
                    String?.none
                }
            if let which { reported.withLock { $0.append(which) } }
            return which != nil
        }
        // Each diagnostic once: one of the two is not enough.
        #expect(reported.withLock { $0 } == ["hidden", "Buton"])
    }

    @Test func aScriptThatStopsOnAnErrorIsAnIssue() throws {
        let call = #line + 2
        try withKnownIssue {
            try runScene(
                """
                objects:
                  loop: {type: Looper}
                script:
                  - call: loop.start
                  - wait: 1s
                """, registry: loopingRegistry)
        } matching: { issue in
            // The loop runs when the clock moves: the error is at the wait.
            issue.sourceLocation?.line == call + 6 && issue.description.contains("the script stopped")
        }
    }

    @Test func aFailureInASceneFileIsAnIssueAtTheFilesOwnLine() throws {
        try withKnownIssue {
            let transcript = try runScene(file: "\(fixtures)/failing.yaml")
            #expect(transcript.failedCount == 1)
        } matching: { issue in
            issue.sourceLocation?.filePath.hasSuffix("Tests/SceneTestingTests/Fixtures/failing.yaml") == true
                && issue.sourceLocation?.line == 5 && issue.sourceLocation?.column == 15
        }
    }

    @Test func anInvalidSceneFileIsAnIssueAtItsMistakes() {
        withKnownIssue {
            #expect(throws: SceneTestFailure.self) { try runScene(file: "\(fixtures)/invalid.yaml") }
        } matching: { issue in
            issue.sourceLocation?.filePath.hasSuffix("Fixtures/invalid.yaml") == true
                && issue.sourceLocation?.line == 3
                && issue.description.contains("\(fixtures)/invalid.yaml:3:16: error: unknown type 'Buton'")
        }
    }

    /// A mistake inside a component is an issue at the scene's `include:`
    /// that led to it, whose text names the component's own line.
    @Test func aMistakeInAComponentIsAnIssueAtTheInclude() {
        withKnownIssue {
            #expect(throws: SceneTestFailure.self) { try runScene(file: "\(fixtures)/broken-instance.yaml") }
        } matching: { issue in
            issue.sourceLocation?.filePath.hasSuffix("Fixtures/broken-instance.yaml") == true
                && issue.sourceLocation?.line == 3
                && issue.description.contains("\(fixtures)/Parts/broken.yaml:3:20: error: unknown type 'Buton'")
                && issue.description.contains("broken-instance.yaml:3:20: note: included here as 'part'")
        }
    }

    /// Text read at run time is not in the Swift file: the issue is at the
    /// call, and the message names the scene's own line.
    @Test func textReadAtRunTimeIsReportedAtTheCallWithItsOwnLine() throws {
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("\(fixtures)/failing.yaml"), encoding: .utf8)
        let call = #line + 2
        try withKnownIssue {
            try runScene(text, name: "failing.yaml")
        } matching: { issue in
            issue.sourceLocation?.line == call
                && issue.description.contains("failing.yaml:5:15: expect controls.hidden")
        }
    }

    /// Run again in a process of its own by the test below, with a context
    /// in the environment: it runs a failing scene off its own task.
    @Test(.enabled(if: offTaskFixtureContext != nil, "a fixture for aFailureOffTheTestsTaskFailsTheRun"))
    func offTaskFixture() throws {
        try #require(offTaskFixtureContext).run { runFailingScene() }
    }

    #if os(Linux)
        /// Off the test's task, Swift Testing cannot tell which test runs,
        /// and no known-issue block sees the issue: a run of its own proves
        /// that the failure still fails the run, at its line, and is printed.
        @Test(arguments: OffTaskContext.allCases)
        func aFailureOffTheTestsTaskFailsTheRun(context: OffTaskContext) throws {
            let run = try runFixture(["--testing-library", "swift-testing", "--filter", "offTaskFixture"], in: context)
            #expect(run.status != 0, "the run must fail:\n\(run.output)")
            let place = "OffTaskSupport.swift:\(failingExpectationLine):\(failingExpectationColumn)"
            #expect(run.output.contains("recorded an issue at \(place)"), "\(run.output)")
            #expect(run.output.contains("/Tests/SceneTestingTests/\(place): error: \(failingExpectationMessage)"))
        }
    #endif

    @Test func loadSceneGivesAWiredSceneOnAVirtualClock() throws {
        let scene = try loadScene(
            """
            objects:
              timeout: {type: TimeoutController, timeout: 2s}
            """)
        let timeout = try #require(scene.object("timeout", as: TimeoutController.self))
        timeout.resume()
        try scene.scheduler.advance(by: .seconds(2))
        #expect(!timeout.isRunning)
        #expect(scene.scheduler.isIdle)
    }

    @Test func sceneFilesListsAFoldersScenesInOrder() {
        #expect(
            sceneFiles(in: "\(fixtures)/Scenes").map(\.name) == [
                "\(fixtures)/Scenes/a-passing.yaml", "\(fixtures)/Scenes/b-failing.yaml",
            ])
    }

    @Test(arguments: ["\(fixtures)/Empty", "\(fixtures)/Missing"])
    func aFolderWithoutScenesGivesOneCaseThatFails(folder: String) throws {
        let files = sceneFiles(in: folder)
        try #require(files.count == 1)
        withKnownIssue {
            #expect(throws: SceneTestFailure.self) { try runScene(files[0]) }
        } matching: { issue in
            issue.description.contains(folder.hasSuffix("Empty") ? "holds no scene" : "there is no folder")
        }
    }

    @Test(arguments: sceneFiles(in: "\(fixtures)/Scenes"))
    func eachSceneOfAFolderIsATestCase(file: SceneFile) throws {
        if file.name.hasSuffix("b-failing.yaml") {
            try withKnownIssue {
                try runScene(file)
            } matching: {
                $0.sourceLocation?.line == 5
            }
        } else {
            try runScene(file)
        }
    }
}
