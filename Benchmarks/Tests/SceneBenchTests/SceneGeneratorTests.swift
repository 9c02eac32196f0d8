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

    /// The type of each object of the generated scene of `objects`
    /// objects, in order: the word after each `type: `, in flow and in
    /// block style.
    static func types(objects: Int) -> [String] {
        let text = String(decoding: SceneGenerator(objectCount: objects).generate(), as: UTF8.self)
        return text.components(separatedBy: "type: ").dropFirst().map { rest in
            String(rest.prefix { $0.isLetter })
        }
    }

    @Test func theGeneratedSceneHasExactlyTheObjectsAskedFor() {
        #expect(Self.types(objects: 1_000).count == 1_000)
    }

    @Test func theGeneratedSceneUsesTheVideoPlayersStandardTypesOnly() {
        #expect(
            Set(Self.types(objects: 1_000))
                == ["View", "Button", "Slider", "TapGesture", "TimeoutController", "TimeoutControllerHost"])
    }
}
