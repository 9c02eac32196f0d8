import Foundation
import SceneBehaviours
import SceneCore
import TestSupport
import Testing

/// `import`: what it writes and prints, the check of what it wrote, its
/// exit statuses, its map, and the output rules every command follows.
@Suite(.serialized) struct ImportCommandTests {
    static let timeout = packagePath("Tests/SceneImportTests/Fixtures/TimeoutControls.storyboard")
    static let auth = packagePath("Tests/SceneImportTests/Fixtures/AuthView.xib")

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func aStoryboardIsWrittenCheckedAndReported() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let result = run(["import", Self.timeout, "-o", folder.path])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let written = folder.appendingPathComponent("ViewController.yaml")
        #expect(result.output.contains("wrote \(written.path) from \(Self.timeout) (9 objects)\n"))
        #expect(result.output.hasSuffix("\(written.path): ok (9 objects)\n"))
        #expect(try text(written).contains("  timeoutController:  # TOC-aa-bbb\n    type: TimeoutController\n"))
        // The same input gives the same bytes.
        let first = try Data(contentsOf: written)
        #expect(run(["import", Self.timeout, "-o", folder.path]).status == 0)
        #expect(try Data(contentsOf: written) == first)
    }

    @Test func warningsArePrintedAtTheInterfaceBuilderFileAndCanFailTheImport() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let result = run(["import", Self.auth, "-o", folder.path])
        // The form's authenticator is made in code: check's error, with the hint on completing it.
        #expect(result.status == 2)
        #expect(
            result.output.contains(
                "\(Self.auth):6:17: warning: the outlet 'formBehaviour' of File's Owner is not carried over\n    6 |"))
        let written = folder.appendingPathComponent("AuthView.yaml").path
        #expect(
            result.output.contains(": error: 'formBehaviour' (AuthFormBehaviour) needs the outlet 'authenticator'\n"))
        #expect(result.output.contains("\(written): the storyboard leaves required members unset; include the file"))
        #expect(FileManager.default.fileExists(atPath: written))

        let strict = run(["import", Self.timeout, "-o", folder.path, "--warnings-as-errors"])
        #expect(strict.status == 0, "the timeout storyboard imports with no warning")
        let timeoutWithWarning = folder.appendingPathComponent("Warned.storyboard")
        let source = try String(contentsOfFile: Self.timeout, encoding: .utf8)
        try source.replacingOccurrences(
            of: "<state key=\"normal\" title=\"Play\"/>",
            with: "<state key=\"normal\" title=\"Play\"/><state key=\"selected\" title=\"Pause\"/>"
        )
        .write(to: timeoutWithWarning, atomically: true, encoding: .utf8)
        #expect(run(["import", timeoutWithWarning.path, "-o", folder.path]).status == 0)
        #expect(run(["import", timeoutWithWarning.path, "-o", folder.path, "--warnings-as-errors"]).status == 2)
    }

    @Test func importsCheckSaysWhatCheckSaysViewsOutOfPlaceIncluded() throws {
        // The bar of controls moved 100 points right: it sticks out of the screen.
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let moved = folder.appendingPathComponent("Moved.storyboard")
        try String(contentsOfFile: Self.timeout, encoding: .utf8)
            .replacingOccurrences(
                of: "<rect key=\"frame\" x=\"36\" y=\"348\" width=\"664\" height=\"50\"/>",
                with: "<rect key=\"frame\" x=\"136\" y=\"348\" width=\"664\" height=\"50\"/>"
            )
            .write(to: moved, atomically: true, encoding: .utf8)
        let imported = run(["import", moved.path, "-o", folder.path])
        #expect(imported.status == 0, "\(imported.output)\(imported.errors)")
        let written = folder.appendingPathComponent("ViewController.yaml").path
        let checked = run(["check", written])
        let tally = try #require(checked.output.split(separator: "\n").last.map(String.init))
        #expect(tally.contains("warning"), "\(checked.output)")
        #expect(imported.output.hasSuffix(tally + "\n"), "\(imported.output)")
        #expect(imported.output.contains("sticks out"), "\(imported.output)")
        // And --warnings-as-errors fails on them as check's does.
        #expect(run(["import", moved.path, "-o", folder.path, "--warnings-as-errors"]).status == 2)
    }

    @Test func aRefusedFileIsReportedAndTheOthersAreImported() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let mac = folder.appendingPathComponent("Mac.storyboard")
        try "<document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\" version=\"3.0\"/>\n"
            .write(to: mac, atomically: true, encoding: .utf8)
        let result = run(["import", mac.path, Self.timeout, "-o", folder.path])
        #expect(result.status == 2)
        #expect(result.output.hasPrefix("\(mac.path):1:1: error: this is a macOS (Cocoa) document;"))
        #expect(result.output.contains("\(mac.path): not imported\n"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ViewController.yaml").path))
    }

    @Test func whatIsNotAnInterfaceBuilderFileIsSaidInTheUsersTerms() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let empty = folder.appendingPathComponent("Empty.xib")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        let scene = folder.appendingPathComponent("Login.xib")
        try "scene: Login\nobjects: {}\n".write(to: scene, atomically: true, encoding: .utf8)
        let result = run(["import", empty.path, scene.path, "-o", folder.path])
        #expect(result.status == 2)
        #expect(result.output.contains("\(empty.path):1:1: error: the file is empty\n"), "\(result.output)")
        #expect(
            result.output.contains(
                "\(scene.path):1:1: error: this is not XML: the file starts with 'scene: Login', where XML starts with '<'\n"
            ))
        #expect(!result.output.contains("XMLParser") && !result.output.contains("the document is empty"))
    }

    @Test func aMapIsReadUpToTheLimitOfAScene() throws {
        // A map is YAML: 17 MiB of it is read, as a scene would be (the XML limit is 16 MiB).
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let map = folder.appendingPathComponent("map.yaml")
        let comment = "# " + String(repeating: "x", count: 1021) + "\n"
        try ("classes: {}\n" + String(repeating: comment, count: 17 << 10)).write(
            to: map, atomically: true, encoding: .utf8)
        let result = run(["import", Self.timeout, "-o", folder.path, "--map", map.path])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
    }

    @Test func anOutputThatIsAnInputIsRefusedBeforeAnythingIsWritten() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let map = folder.appendingPathComponent("ViewController.yaml")
        try "classes: {}\n".write(to: map, atomically: true, encoding: .utf8)
        let result = run(["import", Self.timeout, "-o", folder.path, "--map", map.path])
        #expect(result.status == 64, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("would overwrite a file this command reads"))
        #expect(try text(map) == "classes: {}\n")
    }

    @Test func aSecondSceneNamedLikeAnInputLeavesTheFirstUnwritten() throws {
        // The auth xib's scene is AuthView.yaml, which is the map here: the
        // timeout storyboard's scene, first on the command line, is not written either.
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let map = folder.appendingPathComponent("AuthView.yaml")
        try "classes: {}\n".write(to: map, atomically: true, encoding: .utf8)
        let result = run(["import", Self.timeout, Self.auth, "-o", folder.path, "--map", map.path])
        #expect(result.status == 64, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("would overwrite a file this command reads"))
        #expect(result.output.isEmpty, "nothing is reported as written: \(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ViewController.yaml").path))
        #expect(try text(map) == "classes: {}\n")
    }

    @Test func aSceneWhoseFileIsALinkInALoopIsRefusedAndTheLinksStay() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let scene = folder.appendingPathComponent("ViewController.yaml").path
        let other = folder.appendingPathComponent("other").path
        try FileManager.default.createSymbolicLink(atPath: scene, withDestinationPath: "other")
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: "ViewController.yaml")
        let result = run(["import", Self.timeout, "-o", folder.path])
        #expect(result.status == 74, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("cannot be written: too many levels of symbolic links"), "\(result.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scene) == "other")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: other) == "ViewController.yaml")
    }

    @Test func aMapRenamesAndItsMistakesArePlaced() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let map = folder.appendingPathComponent("map.yaml")
        try "classes:\n  TimeoutController:\n    outlets: { interactionProviders: nothing }\n"
            .write(to: map, atomically: true, encoding: .utf8)
        let result = run(["import", Self.timeout, "-o", folder.path, "--map", map.path])
        #expect(
            result.output.contains("warning: TimeoutController has no outlet 'nothing'; the outlet is not carried over")
        )
        try "classes:\n  A: [1]\n".write(to: map, atomically: true, encoding: .utf8)
        let broken = run(["import", Self.timeout, "-o", folder.path, "--map", map.path])
        #expect(broken.status == 2)
        #expect(broken.output.hasPrefix("\(map.path):2:6: error: a class's entry is a type name or a mapping"))
    }

    @Test func aProgramsOwnTypesAreImportedByName() throws {
        var registry = SceneRegistry.standard
        try registry.register(Countdown.sceneDescription())
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let xib = folder.appendingPathComponent("Count.xib")
        try """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <customObject id="C-1" customClass="App.Countdown">
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="from"><integer key="value" value="5"/></userDefinedRuntimeAttribute>
                    </userDefinedRuntimeAttributes>
                </customObject>
            </objects>
        </document>
        """.write(to: xib, atomically: true, encoding: .utf8)
        let result = run(["import", xib.path, "-o", folder.path], registry: registry)
        #expect(result.status == 0, "\(result.output)")
        #expect(try text(folder.appendingPathComponent("Count.yaml")).contains("    type: Countdown\n    from: 5\n"))
        #expect(run(["import", xib.path, "-o", folder.path]).output.contains("'Countdown' has no registered type"))
    }

    @Test func githubAnnotationsPointAtTheInterfaceBuilderFile() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let result = run(["import", Self.auth, "-o", folder.path, "--format", "github"])
        #expect(
            result.output.contains(
                "::warning file=\(Self.auth),line=6,col=17,title=connection-not-imported::the outlet 'formBehaviour' of File's Owner is not carried over"
            ))
        #expect(!result.output.contains("\n::group::wrote") || result.output.contains("::endgroup::"))
    }

    @Test func theMapsSchemaIsPrintedAndTheExampleMapIsRead() throws {
        let schema = run(["schema", "--import-map"])
        #expect(schema.status == 0)
        #expect(schema.output.contains("\"title\": \"Import map of scene-runner import\""))
        #expect(schema.output.contains("\"TimeoutController\""))
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let result = run(
            ["import", Self.timeout, "-o", folder.path, "--map", packagePath("schema/import-maps/example.yaml")])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func jsonLinesGiveTheImportThenChecksRecords() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let result = run(["import", Self.auth, "-o", folder.path, "--format", "json"])
        #expect(result.status == 2)
        let records = try result.output.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        // A failed import ends with its reason.
        #expect(records.compactMap { $0["type"] as? String }.suffix(2) == ["file", "failed"])
        #expect(records.last?["reason"] as? String == "1 scene invalid" && records.last?["status"] as? Int == 2)
        let imported = try #require(records.first { $0["type"] as? String == "import" })
        #expect(imported["objects"] as? Int == 7 && imported["warnings"] as? Int == 7)
        #expect(
            records.contains {
                $0["code"] as? String == "connection-not-imported" && $0["file"] as? String == Self.auth
            })
        #expect(records.contains { $0["code"] as? String == "missing-outlet" })
    }
}
