import Foundation
import SceneTesting
import TestSupport
import Testing

@testable import SceneRunning

/// The folder of a scene's references is resolved once and never left: a
/// scene file name that would take it elsewhere keeps no references, no
/// link on the way into it is followed for writing, and no file the run
/// reads is replaced.
@Suite struct SnapshotFolderTests {
    static let scene = """
        scene: Snapshot
        objects:
          field: {type: TextField, placeholder: Name}
        script:
          - snapshot: logo
        """

    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("snapfolder")
    }

    /// A fresh folder in the test's, holding `scene` as `name`; the folder.
    func sceneFolder(scene name: String, text: String = scene) throws -> String {
        let folder = try temporary.folder(UUID().uuidString).path
        try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
        return folder
    }

    /// Runs the scene file at `path` beside its file; its one snapshot result.
    static func result(_ path: String, updating: Bool = false) throws -> SnapshotResult? {
        var runner = SceneRunner(registry: .standard)
        runner.snapshots = SnapshotPolicy(updatesReferences: updating)
        let source = try runner.loader.source(contentsOf: path)
        guard case .ran(let transcript) = runner.run(source) else { return nil }
        return transcript.entries.compactMap { entry -> SnapshotResult? in
            if case .snapshot(_, let result, _) = entry.kind { return result }
            return nil
        }.first
    }

    static func reason(_ result: SnapshotResult?) -> String {
        if case .unavailable(_, let reason)? = result { return reason }
        return "not refused: \(String(describing: result))"
    }

    @Test(arguments: [false, true])
    func aSceneFileNamedWithDotsKeepsNoReferencesAndTouchesNothing(updating: Bool) throws {
        let folder = try sceneFolder(scene: "...yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let logo = "\(folder)/logo.svg"
        try "<svg>the real logo</svg>".write(toFile: logo, atomically: true, encoding: .utf8)
        let result = try Self.result("\(folder)/...yaml", updating: updating)
        #expect(result?.passed == false)
        #expect(
            Self.reason(result).contains(
                "the scene file '\(folder)/...yaml' gives its reference pictures the folder name '..'"))
        #expect(try String(contentsOfFile: logo, encoding: .utf8) == "<svg>the real logo</svg>")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/Snapshots"))
    }

    @Test func theFolderIsNamedAfterTheSceneFileAndOnlyItsNamesAreRefused() {
        let policy = SnapshotPolicy()
        for (name, isRefused) in [
            ("a/...yaml", true), ("a/..yaml", true), ("a/.yaml", false), ("a/....yaml", false),
            ("a/\(String(repeating: "x", count: 256)).yaml", true),
            ("a/\(String(repeating: "x", count: 255)).yaml", false),
        ] {
            let location = policy.location(for: SceneSource(name: name, text: ""))
            if case .failure = location { #expect(isRefused, "\(name)") } else { #expect(!isRefused, "\(name)") }
        }
        #expect(policy.folder(for: SceneSource(name: "a/....yaml", text: "")) == "a/Snapshots/...")
    }

    @Test(arguments: ["Snapshots", "Snapshots/scene"])
    func aFolderOnTheWayThatIsALinkIsNeverWrittenThrough(link: String) throws {
        let folder = try sceneFolder(scene: "scene.yaml")
        let elsewhere = try sceneFolder(scene: "other.yaml")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        if link.contains("/") {
            try FileManager.default.createDirectory(atPath: "\(folder)/Snapshots", withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/\(link)", withDestinationPath: elsewhere)
        for updating in [false, true] {
            let result = try Self.result("\(folder)/scene.yaml", updating: updating)
            #expect(result?.passed == false)
            #expect(
                Self.reason(result).contains("\(link) is not a folder (a symbolic link or a file)"),
                "\(Self.reason(result))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["other.yaml"])
    }

    @Test func aReferenceThatIsTheSceneFileItselfIsNeverReplaced() throws {
        let folder = try sceneFolder(scene: "scene.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: "\(folder)/Snapshots/scene", withIntermediateDirectories: true)
        // The reference's name is a hard link to the scene: the same file.
        #expect(link("\(folder)/scene.yaml", "\(folder)/Snapshots/scene/logo.svg") == 0)
        let result = try Self.result("\(folder)/scene.yaml", updating: true)
        #expect(Self.reason(result).contains("logo.svg is a file this run reads"), "\(Self.reason(result))")
        #expect(try String(contentsOfFile: "\(folder)/scene.yaml", encoding: .utf8) == Self.scene)
    }

    @Test func aPlainSceneStillKeepsItsReferenceInItsFolder() throws {
        let folder = try sceneFolder(scene: "scene.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.result("\(folder)/scene.yaml") == .recorded(reference: "\(folder)/Snapshots/scene/logo.svg"))
        #expect(try Self.result("\(folder)/scene.yaml") == .matched(reference: "\(folder)/Snapshots/scene/logo.svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/Snapshots/scene") == ["logo.svg"])
    }

    @Test func aReferenceThatCannotBeReadIsExplainedInASentence() throws {
        let folder = try sceneFolder(scene: "scene.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reference = "\(folder)/Snapshots/scene/logo.svg"
        try FileManager.default.createDirectory(atPath: reference, withIntermediateDirectories: true)
        let reason = Self.reason(try Self.result("\(folder)/scene.yaml"))
        #expect(reason == "the reference \(reference) cannot be read: it is not a regular file")
        #expect(!reason.contains("SnapshotFileFailure"))
    }
}
