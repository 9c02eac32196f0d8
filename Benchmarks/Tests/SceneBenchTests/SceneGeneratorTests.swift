import BenchScenes
import Foundation
import SceneBehaviours
import SceneCommandLine
import Testing

/// The benchmark's scene is one a user could write: the standard types
/// only, and `check` passes it with no error and no warning.
@Suite struct SceneGeneratorTests {
    /// `scene-runner check --warnings-as-errors` of `text`, in this
    /// process, over the standard registry: its exit status.
    static func checkStatus(of text: [UInt8]) throws -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.yaml")
        try Data(text).write(to: file)
        let commandLine = SceneCommandLine(programName: "scene-runner", registry: .standard)
        return commandLine.run(["check", "--warnings-as-errors", file.path])
    }

    @Test(arguments: [1, 7, 8, 9, 100, 1_000])
    func theGeneratedSceneChecksCleanWithTheStandardRegistry(objects: Int) throws {
        #expect(try Self.checkStatus(of: SceneGenerator(objectCount: objects).generate()) == 0)
    }

    @Test func aSceneWithAPlacementWarningFailsTheSameCheck() throws {
        let text =
            "objects:\n  b: {type: Button, title: A title far too long, frame: {x: 0, y: 0, width: 20, height: 20}}\n"
        #expect(try Self.checkStatus(of: Array(text.utf8)) == 2)
    }

    @Test func theGeneratedSceneHasExactlyTheObjectsAskedFor() {
        let text = String(decoding: SceneGenerator(objectCount: 1_000).generate(), as: UTF8.self)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("    type: ") }.count == 1_000)
    }

    @Test func theGeneratedSceneUsesTheVideoPlayersStandardTypesOnly() {
        let text = String(decoding: SceneGenerator(objectCount: 1_000).generate(), as: UTF8.self)
        let types = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("    type: ") }.map { String($0.dropFirst(10)) })
        #expect(types == ["View", "Button", "Slider", "TapGesture", "TimeoutController", "TimeoutControllerHost"])
    }
}
