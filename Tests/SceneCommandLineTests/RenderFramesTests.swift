import Foundation
import SceneCore
import TestSupport
import Testing

@testable import SceneCommandLine

/// `render --format json`: one JSON Lines record per view and time, with
/// its frame in canvas points, for tools that check where views are.
@Suite struct RenderFramesTests {
    private static let scene = """
        scene: Frames
        objects:
          panel: {type: View, frame: {x: 10, y: 20, width: 100, height: 50}}
          inner: {type: View, parent: panel, frame: {x: 5, y: 6, width: 20, height: 10}}
          column: {type: View, frame: {x: 0, y: 100, width: 200, height: 300}, layout: {axis: vertical, spacing: 8, padding: 10}}
          first: {type: Button, title: One, parent: column}
          gesture: {type: TapGesture, view: panel}
        script:
          - wait: 1s
          - call: panel.hide
          - wait: 1s
        """

    @Test func eachViewHasItsCanvasFrameAtEachTime() throws {
        let folder = try temporaryFolder("frames")
        let path = try folder.write(Self.scene, to: "scene.yaml")
        let result = run(["render", path, "--format", "json", "--at", "0.5s", "--at", "1.5s"])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        // Four views (not the gesture) at two times, in declaration order.
        #expect(lines.count == 8)
        #expect(
            lines.first
                == #"{"type":"view","id":"panel","at":"500ms","frame":{"x":10,"y":20,"width":100,"height":50},"hidden":false}"#
        )
        // A view's frame is in canvas points: its parent's origin added.
        #expect(
            lines[1]
                == #"{"type":"view","id":"inner","at":"500ms","frame":{"x":15,"y":26,"width":20,"height":10},"hidden":false}"#
        )
        let records = try result.jsonRecords()
        #expect(
            records.map { $0["id"] as? String } == ["panel", "inner", "column", "first"] + [
                "panel", "inner", "column", "first",
            ])
        // Stacked inside the column's padding.
        let stacked = try #require(records[3]["frame"] as? [String: Any])
        #expect(stacked["x"] as? Double == 10)
        #expect(stacked["y"] as? Double == 110)
        // Hidden at 1 s: it and the view inside it are laid out, not shown.
        #expect(records[4]["hidden"] as? Bool == true)
        #expect(records[5]["hidden"] as? Bool == true)
        #expect(records[6]["hidden"] as? Bool == false)
        #expect(records[4]["at"] as? String == "1.5s")
    }

    @Test func severalTimesGoToOneFile() throws {
        let folder = try temporaryFolder("frames")
        let path = try folder.write(Self.scene, to: "scene.yaml")
        let out = folder.path("frames.jsonl")
        let result = run(["render", path, "--format", "json", "--at", "0s", "--at", "2s", "-o", out])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 8)
        #expect(!FileManager.default.fileExists(atPath: folder.path("frames-2.jsonl")))
    }

    @Test func withoutAtTheFramesAreThoseAtTheEnd() throws {
        let folder = try temporaryFolder("frames")
        let path = try folder.write(Self.scene, to: "scene.yaml")
        let records = try run(["render", path, "--format", "json"]).jsonRecords()
        #expect(records.count == 4)
        #expect(records.allSatisfy { $0["at"] as? String == "2s" })
    }

    @Test func aPNGNameIsRefusedForFrames() throws {
        let folder = try temporaryFolder("frames")
        let path = try folder.write(Self.scene, to: "scene.yaml")
        let result = run(["render", path, "--format", "json", "-o", folder.path("frames.png")])
        #expect(result.status == 64)
        #expect(result.errors.contains("--format json writes JSON Lines, not a picture"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("frames.png")))
    }
}

/// `render --canvas`: the same scene laid out on another device or size,
/// without editing it.
@Suite struct RenderCanvasTests {
    private static let stacked = """
        scene: Stacked
        objects:
          title: {type: Label, text: Hello}
          go: {type: Button, title: Go}
        """

    private func frames(_ arguments: [String]) throws -> [[String: Any]] {
        let folder = try temporaryFolder("canvas")
        let path = try folder.write(Self.stacked, to: "scene.yaml")
        return try run(["render", path, "--format", "json"] + arguments).jsonRecords()
    }

    private func width(_ record: [String: Any]) -> Double? {
        (record["frame"] as? [String: Any])?["width"] as? Double
    }

    @Test func stackedViewsTakeTheWidthOfTheCanvasGiven() throws {
        // 16 points in from each edge of the canvas.
        #expect(try frames([]).map(width) == [358, 358])
        #expect(try frames(["--canvas", "iPhone SE"]).map(width) == [343, 343])
        #expect(try frames(["--canvas", "iPad landscape"]).map(width) == [1148, 1148])
        #expect(try frames(["--canvas", "200x300"]).map(width) == [168, 168])
    }

    @Test func aDeviceCanvasDrawsItsChrome() throws {
        let folder = try temporaryFolder("canvas")
        let path = try folder.write(Self.stacked, to: "scene.yaml")
        let result = run(["render", path, "--canvas", "iPhone SE"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="375" height="667""#))
        #expect(result.output.contains(#"data-device="iPhone SE""#))
    }

    @Test(arguments: ["iPhone 99", "0x300", "300x", "300x300x3", "wide"])
    func anUnknownCanvasIsAUsageError(_ canvas: String) throws {
        let folder = try temporaryFolder("canvas")
        let path = try folder.write(Self.stacked, to: "scene.yaml")
        let result = run(["render", path, "--canvas", canvas])
        #expect(result.status == 64)
        #expect(result.errors.contains("--canvas '\(canvas)' is neither a device nor a size"))
    }
}
