import SceneTesting
import Testing

/// Snapshot steps under Swift Testing: a picture that matches passes; a
/// missing or different one is an issue at the step's line; updating
/// (the parameter) rewrites the references and passes.
@Suite struct SwiftTestingSnapshotTests {
    /// Its reference is committed beside this file, in
    /// `Snapshots/SwiftTestingSnapshotTests/aPictureThatMatchesItsReferencePasses/`:
    /// the test fails if the folder were not found there.
    @Test func aPictureThatMatchesItsReferencePasses() throws {
        let transcript = try runScene(
            """
            objects:
              play: {type: Button, title: Play}
              volume: {type: Slider, value: 0.25}
            script:
              - snapshot: controls
            """)
        #expect(transcript.passedCount == 1 && transcript.succeeded)
    }

    @Test func aMissingReferenceIsAnIssueAtTheStepAndIsWrittenThenPasses() throws {
        let scene = try SnapshotScene()
        try scene.write(placeholder: "Name")
        try withKnownIssue {
            try runScene(file: scene.path)
        } matching: { issue in
            issue.sourceLocation?.filePath == scene.path
                && [SnapshotScene.stillLine, SnapshotScene.shakingLine].contains(issue.sourceLocation?.line ?? 0)
                && issue.description.contains("there was no reference picture")
                || issue.description.contains("2 of 2 expectations failed")
        }
        #expect(scene.exists("still.svg") && scene.exists("shaking.svg"))
        let again = try runScene(file: scene.path)
        #expect(again.passedCount == 2 && again.succeeded)
    }

    @Test func aDifferentPictureIsAnIssueAtTheStepsLine() throws {
        let scene = try SnapshotScene()
        try scene.write(placeholder: "Name")
        try runScene(file: scene.path, updatingSnapshots: true)
        try scene.write(placeholder: "Surname")
        try withKnownIssue {
            try runScene(file: scene.path)
        } matching: { issue in
            issue.sourceLocation?.filePath == scene.path
                && [SnapshotScene.stillLine, SnapshotScene.shakingLine].contains(issue.sourceLocation?.line ?? 0)
                && issue.description.contains("the picture differs from \(scene.references)/")
                || issue.description.contains("2 of 2 expectations failed")
        }
        #expect(scene.contents("still.svg").contains(">Name<"))
        #expect(scene.contents("still.new.svg").contains(">Surname<"))
        #expect(scene.exists("still.diff.html"))
    }

    @Test func updatingSnapshotsRewritesTheReferencesAndPasses() throws {
        let scene = try SnapshotScene()
        try scene.write(placeholder: "Name")
        let first = try runScene(file: scene.path, updatingSnapshots: true)
        #expect(first.succeeded && first.passedCount == 2)
        try scene.write(placeholder: "Surname")
        let second = try runScene(file: scene.path, updatingSnapshots: true)
        #expect(second.succeeded && second.passedCount == 2)
        #expect(scene.contents("still.svg").contains(">Surname<"))
        #expect(!scene.exists("still.new.svg"))
    }
}
