import Foundation
import SceneTesting
import TestSupport
import Testing

@testable import SceneRunning

/// `snapshot:` steps: a missing reference is written and fails, the same
/// picture passes, a different one fails and is written beside the
/// reference with a comparison page, and updating rewrites the references.
@Suite struct SnapshotTests {
    /// A fresh folder's path (not yet made), removed after `body`.
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = try temporaryFolder("snapshots")
        try body(folder.path("snapshots"))
    }

    static func scene(placeholder: String) -> String {
        """
        scene: Snapshot
        objects:
          field: {type: TextField, placeholder: \(placeholder)}
          shake: {type: ShakeAnimation, view: field}
        script:
          - snapshot: still
          - call: shake.play
          - wait: 0.1s
          - snapshot: shaking
        """
    }

    static func run(_ text: String, in folder: String, updating: Bool = false) -> Transcript? {
        var runner = SceneRunner(registry: .standard)
        runner.snapshots = SnapshotPolicy(folder: .at(folder), updatesReferences: updating)
        guard case .ran(let transcript) = runner.run(SceneSource(name: "snap.yaml", text: text)) else { return nil }
        return transcript
    }

    static func results(_ transcript: Transcript?) -> [SnapshotResult] {
        (transcript?.entries ?? []).compactMap { entry in
            if case .snapshot(_, let result, _) = entry.kind { return result }
            return nil
        }
    }

    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aMissingReferenceIsWrittenAndFailsThenTheSamePicturePasses() throws {
        try Self.withFolder { folder throws in
            let first = Self.run(Self.scene(placeholder: "Name"), in: folder)
            #expect(
                Self.results(first) == [
                    .recorded(reference: "\(folder)/still.svg"), .recorded(reference: "\(folder)/shaking.svg"),
                ])
            #expect(first?.failedCount == 2)
            #expect(Self.files(in: folder) == ["shaking.svg", "still.svg"])
            let written = try String(contentsOfFile: "\(folder)/still.svg", encoding: .utf8)
            #expect(written.hasPrefix("<svg") && written.contains(">Name<"))

            let second = Self.run(Self.scene(placeholder: "Name"), in: folder)
            #expect(
                Self.results(second) == [
                    .matched(reference: "\(folder)/still.svg"), .matched(reference: "\(folder)/shaking.svg"),
                ])
            #expect(second?.succeeded == true && second?.passedCount == 2)
        }
    }

    @Test func aDifferentPictureFailsAndIsWrittenBesideTheUntouchedReference() throws {
        try Self.withFolder { folder throws in
            _ = Self.run(Self.scene(placeholder: "Name"), in: folder)
            let reference = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/shaking.svg"))
            let changed = Self.run(Self.scene(placeholder: "Surname"), in: folder)
            #expect(
                Self.results(changed).last
                    == .differs(
                        reference: "\(folder)/shaking.svg", picture: "\(folder)/shaking.new.svg",
                        comparison: "\(folder)/shaking.diff.html"))
            #expect(changed?.failedCount == 2 && changed?.succeeded == false)
            #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/shaking.svg")) == reference)
            let new = try String(contentsOfFile: "\(folder)/shaking.new.svg", encoding: .utf8)
            #expect(new.contains(">Surname<"))
            let page = try String(contentsOfFile: "\(folder)/shaking.diff.html", encoding: .utf8)
            #expect(page.contains("<title>Snapshot shaking: reference and new picture</title>"))
            #expect(page.components(separatedBy: "data:image/svg+xml;base64,").count == 5, "two pictures, each twice")
            #expect(page.contains("<span class=\"removed\">- ") && page.contains("<span class=\"added\">+ "))

            // The failing step is placed at its line, in every transcript.
            let text = transcriptText(try #require(changed))
            #expect(text.contains("0.100s  snapshot shaking: FAILED"))
            #expect(
                text.contains(
                    "the picture differs from \(folder)/shaking.svg; the new one is \(folder)/shaking.new.svg"))
            #expect(text.contains("(snap.yaml:9:5)"))
        }
    }

    @Test func updatingRewritesTheReferencesPassesAndRemovesTheLeftovers() throws {
        try Self.withFolder { folder throws in
            _ = Self.run(Self.scene(placeholder: "Name"), in: folder)
            _ = Self.run(Self.scene(placeholder: "Surname"), in: folder)
            #expect(Self.files(in: folder).count == 6)
            let updated = Self.run(Self.scene(placeholder: "Surname"), in: folder, updating: true)
            #expect(
                Self.results(updated) == [
                    .updated(reference: "\(folder)/still.svg"), .updated(reference: "\(folder)/shaking.svg"),
                ])
            #expect(updated?.succeeded == true)
            #expect(Self.files(in: folder) == ["shaking.svg", "still.svg"])
            #expect(try String(contentsOfFile: "\(folder)/still.svg", encoding: .utf8).contains(">Surname<"))
            // Updating what already matches changes nothing and says so.
            let again = Self.run(Self.scene(placeholder: "Surname"), in: folder, updating: true)
            #expect(
                Self.results(again) == [
                    .matched(reference: "\(folder)/still.svg"), .matched(reference: "\(folder)/shaking.svg"),
                ])
        }
    }

    @Test func updatingWritesAMissingReferenceAndPasses() throws {
        try Self.withFolder { folder in
            let transcript = Self.run(Self.scene(placeholder: "Name"), in: folder + "/deeper/still/", updating: true)
            #expect(transcript?.succeeded == true)
            #expect(Self.files(in: folder + "/deeper/still") == ["shaking.svg", "still.svg"])
        }
    }

    @Test func aReferenceWithWindowsLineBreaksIsTheSameDrawing() throws {
        try Self.withFolder { folder throws in
            _ = Self.run(Self.scene(placeholder: "Name"), in: folder)
            let path = "\(folder)/still.svg"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("\n"))
            try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
            #expect(
                Self.results(Self.run(Self.scene(placeholder: "Name"), in: folder)).first == .matched(reference: path))
        }
    }

    @Test func aSymbolicLinkIsReadButNeverWrittenThrough() throws {
        try Self.withFolder { folder throws in
            _ = Self.run(Self.scene(placeholder: "Name"), in: folder)
            let target = "\(folder)/elsewhere.svg"
            try FileManager.default.moveItem(atPath: "\(folder)/still.svg", toPath: target)
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/still.svg", withDestinationPath: target)
            #expect(Self.results(Self.run(Self.scene(placeholder: "Name"), in: folder)).first?.passed == true)
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            let updated = Self.results(Self.run(Self.scene(placeholder: "Other"), in: folder, updating: true)).first
            guard case .unavailable(_, let reason)? = updated else {
                Issue.record("a link was written through: \(String(describing: updated))")
                return
            }
            #expect(reason.contains("still.svg is a symbolic link, which a snapshot never writes through or replaces"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
            let attributes = try FileManager.default.attributesOfItem(atPath: "\(folder)/still.svg")
            #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        }
    }

    @Test func aFIFOWhereTheNewPictureGoesIsNeverOpened() throws {
        try Self.withFolder { folder throws in
            _ = Self.run(Self.scene(placeholder: "Name"), in: folder)
            #expect(mkfifo("\(folder)/still.new.svg", 0o644) == 0)
            let result = Self.results(Self.run(Self.scene(placeholder: "Other"), in: folder)).first
            guard case .unavailable(_, let reason)? = result else {
                Issue.record("expected a refusal, got \(String(describing: result))")
                return
            }
            #expect(reason.contains("still.new.svg is a FIFO"))
            #expect(result?.passed == false)
        }
    }

    @Test func aFileWhereTheFolderGoesFailsTheStepSayingSo() throws {
        try Self.withFolder { folder throws in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: "\(folder)/blocker", contents: Data("x".utf8))
            let result = Self.results(Self.run(Self.scene(placeholder: "Name"), in: "\(folder)/blocker/inner")).first
            guard case .unavailable(_, let reason)? = result else {
                Issue.record("expected a refusal, got \(String(describing: result))")
                return
            }
            #expect(reason.contains("blocker"))
        }
    }

    @Test func withoutAStoreTheStepIsOnlyNoted() throws {
        // `render` and live mode run without comparing.
        let collector = TranscriptCollector()
        let loader = SceneLoader(registry: .standard)
        guard
            case .success(let session) = RunSession.start(
                SceneSource(name: "snap.yaml", text: Self.scene(placeholder: "Name")), loader: loader,
                streamingTo: collector)
        else {
            Issue.record("the scene did not load")
            return
        }
        for step in session.declaration.steps { _ = session.perform(step) }
        let summary = session.finish()
        #expect(summary.passedCount + summary.failedCount == 0)
        #expect(collector.transcript.entries.contains { $0.kind == .step(verb: "snapshot", text: "still") })
    }

    @Test(arguments: ["/dev/stdin", "no-such-scene.yaml"])
    func aSceneWithoutAFileHasNoFolderForItsSnapshots(name: String) {
        var runner = SceneRunner(registry: .standard)
        runner.snapshots = SnapshotPolicy()
        guard case .ran(let transcript) = runner.run(SceneSource(name: name, text: Self.scene(placeholder: "Name")))
        else {
            Issue.record("the scene did not run")
            return
        }
        let results = Self.results(transcript)
        #expect(results.count == 2 && results.allSatisfy { !$0.passed })
        guard case .unavailable(_, let reason)? = results.first else {
            Issue.record("expected a refusal, got \(results)")
            return
        }
        #expect(reason.contains("'\(name)' is not a scene file, so there is no folder beside it"))
        #expect(!FileManager.default.fileExists(atPath: "/dev/Snapshots"))
        #expect(!FileManager.default.fileExists(atPath: "Snapshots/no-such-scene"))
    }

    @Test func theBesideScenePolicyNamesTheFolderAfterTheFile() {
        let policy = SnapshotPolicy()
        #expect(
            policy.folder(for: SceneSource(name: "Scenes/login-form.yaml", text: "")) == "Scenes/Snapshots/login-form")
        #expect(policy.folder(for: SceneSource(name: "a.b.yml", text: "")) == "Snapshots/a.b")
        #expect(policy.folder(for: SceneSource(name: "/x/.hidden", text: "")) == "/x/Snapshots/.hidden")
        #expect(SnapshotPolicy(folder: .at("/refs")).folder(for: SceneSource(name: "a.yaml", text: "")) == "/refs")
    }

    @Test func theComparisonPageListsOnlyTheChangedLines() {
        let old = Array("a\nb\nc\nd\n".utf8)
        let new = Array("a\nB\nC\nd\n".utf8)
        let changed = SnapshotComparisonPage.changedLines(old, new)
        #expect(changed.removed == ["b", "c"] && changed.added == ["B", "C"])
        #expect(SnapshotComparisonPage.changedLines(old, old).removed.isEmpty)
        #expect(SnapshotComparisonPage.dataURI(Array("Man".utf8)) == "data:image/svg+xml;base64,TWFu")
        let page = SnapshotComparisonPage.html(name: "x", reference: "<r&f>", old: old, new: new)
        #expect(page.contains("<code>&lt;r&amp;f&gt;</code>"))
    }

    @Test func aLargeReferenceIsLinkedNotInlinedSoThePageStaysSmall() {
        // 3 MB pictures of 40,000 lines, one of them 1 MB long.
        let line = Array(repeating: UInt8(ascii: "x"), count: 75) + [10]
        let long = Array(repeating: UInt8(ascii: "y"), count: 1 << 20) + [10]
        let old = Array(Array(repeating: line, count: 40_000).joined()) + long
        let new = Array("<svg>\n".utf8) + old.reversed()
        let page = SnapshotComparisonPage.html(name: "big", reference: "S/big.svg", old: old, new: new)
        #expect(page.utf8.count < 64 << 10, "\(page.utf8.count) bytes")
        #expect(page.contains("src=\"big.svg\"") && page.contains("src=\"big.new.svg\""))
        #expect(!page.contains("base64"))
        #expect(page.contains("more</span>"))
        // A small picture is still inside the page, so it opens anywhere.
        let small = SnapshotComparisonPage.html(name: "s", reference: "S/s.svg", old: line, new: line + line)
        #expect(small.contains("data:image/svg+xml;base64,") && !small.contains("src=\"s.svg\""))
        #expect(SnapshotComparisonPage.maxInlinedBytes == 1 << 20)
    }

    @Test func theSamePictureTwiceHasTheSameBytes() throws {
        try Self.withFolder { folder throws in
            _ = Self.run(Self.scene(placeholder: "Name"), in: folder + "/a")
            _ = Self.run(Self.scene(placeholder: "Name"), in: folder + "/b")
            for name in ["still.svg", "shaking.svg"] {
                let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/a/\(name)"))
                #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/b/\(name)")) == first)
            }
        }
    }

    @Test func theJSONTranscriptCarriesTheResult() throws {
        try Self.withFolder { folder throws in
            let transcript = try #require(Self.run(Self.scene(placeholder: "Name"), in: folder))
            let lines = TranscriptRenderer.jsonLines(transcript).split(separator: "\n").filter {
                $0.contains("\"snapshot\"")
            }
            #expect(lines.count == 2)
            #expect(lines.first?.contains("\"name\":\"still\",\"passed\":false,\"result\":\"recorded\"") == true)
            #expect(lines.first?.contains("\"line\":6,\"column\":5") == true)
        }
    }
}
