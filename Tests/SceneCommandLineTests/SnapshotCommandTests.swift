import Foundation
import TestSupport
import Testing

@testable import SceneCommandLine

/// `run` with `snapshot:` steps: the exit status and the transcript say
/// what each step found; `--update-snapshots` accepts the pictures.
@Suite struct SnapshotCommandTests {
    private static func scene(title: String) -> String {
        """
        scene: Snapshot
        objects:
          go: {type: Button, title: \(title)}
        script:
          - snapshot: start
        """
    }

    @Test func missingThenMatchingThenDifferentThenUpdated() throws {
        let folder = try temporaryFolder("snapshot")
        let path = folder.path("button.yaml")
        let references = folder.path("Snapshots/button")
        try Self.scene(title: "Go").write(toFile: path, atomically: true, encoding: .utf8)

        let missing = run(["run", path])
        #expect(missing.status == ExitStatus.failedExpectation)
        #expect(missing.output.contains("snapshot start: FAILED"))
        #expect(missing.output.contains("there was no reference picture; this one is now \(references)/start.svg"))
        #expect(missing.output.contains("(\(path):5:5)"))

        let matching = run(["run", path])
        #expect(matching.status == 0, "\(matching.output)")
        #expect(matching.output.contains("0.000s  snapshot start: ok"))

        try Self.scene(title: "Stop").write(toFile: path, atomically: true, encoding: .utf8)
        let different = run(["run", "--format", "json", path])
        #expect(different.status == ExitStatus.failedExpectation)
        #expect(different.output.contains(#""type":"snapshot""#) && different.output.contains(#""result":"differs""#))
        #expect(FileManager.default.fileExists(atPath: "\(references)/start.new.svg"))
        #expect(FileManager.default.fileExists(atPath: "\(references)/start.diff.html"))

        let updated = run(["run", "--update-snapshots", path])
        #expect(updated.status == 0, "\(updated.output)")
        #expect(updated.output.contains("snapshot start: updated \(references)/start.svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: references).sorted() == ["start.svg"])
        #expect(try String(contentsOfFile: "\(references)/start.svg", encoding: .utf8).contains(">Stop<"))
        #expect(run(["run", path]).status == 0)

        // The timeline shows each snapshot in the script's lane, and a failed one among the problems.
        try Self.scene(title: "Again").write(toFile: path, atomically: true, encoding: .utf8)
        let page = folder.path("timeline.html")
        #expect(run(["run", path, "--timeline", page]).status == ExitStatus.failedExpectation)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#"[0,"k","start",0,"# + "\"\(references)/start.svg\""))
        #expect(html.contains("snapshot start: the picture differs from"))
    }

    @Test func theLoginFormsReferencesAreItsPictures() {
        // The shipped scene compares with its committed references: a
        // drawing change that alters them fails here (and in CI's run of
        // every scene) until the references are updated on purpose.
        let result = run(["run", packagePath("Scenes/login-form.yaml")])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("snapshot username-shaking: ok"))
        #expect(result.output.contains("snapshot login-pressed: ok"))
    }
}

extension SnapshotCommandTests {
    @Test func anotherCanvasKeepsItsOwnReferences() throws {
        let folder = try temporaryFolder("snapshot-canvas")
        let path = folder.path("button.yaml")
        try Self.scene(title: "Go").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(run(["run", "--update-snapshots", path]).status == 0)
        // On an iPhone SE, the references are those of its own folder.
        let onPhone = run(["run", "--canvas", "iPhone SE", "--update-snapshots", path])
        #expect(onPhone.status == 0, "\(onPhone.output)")
        let phone = folder.path("Snapshots/button/iPhone-SE/start.svg")
        #expect(onPhone.output.contains("snapshot start: updated \(phone)"))
        #expect(try String(contentsOfFile: phone, encoding: .utf8).contains(#"width="375""#))
        #expect(
            try !String(contentsOfFile: folder.path("Snapshots/button/start.svg"), encoding: .utf8).contains(
                #"width="375""#))
        #expect(run(["run", "--canvas", "iPhone SE", path]).status == 0)
        #expect(run(["run", path]).status == 0)
        // A canvas that is neither a device nor a size is a usage error.
        let wrong = run(["run", "--canvas", "iPhone 3G", path])
        #expect(wrong.status == ExitStatus.usage)
        #expect(wrong.errors.contains("--canvas 'iPhone 3G' is neither a device nor a size"))
    }
}
