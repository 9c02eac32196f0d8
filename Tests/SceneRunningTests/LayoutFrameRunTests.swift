import Foundation
import SceneBehaviours
import SceneCore
import SceneRunning
import TestSupport
import Testing

/// A view's solved frame, `layoutFrame`, read in `expect` and invariants,
/// and never recorded: its changes are not in the transcript.
@Suite struct LayoutFrameRunTests {
    static let scene = """
        scene: Frames
        canvas: {width: 400, height: 300}
        objects:
          banner:
            type: Label
            text: Hello
            constraints: [leading == canvas.leading + 20, trailing == canvas.trailing - 20, top == canvas.top + 10, height == 40]
          bar: {type: View, frame: {x: 0, y: 100, width: 400, height: 100}, layout: {axis: horizontal, spacing: 10}}
          first: {type: View, parent: bar}
          second: {type: View, parent: bar}
        invariants:
          - name: the banner keeps its place
            expect: { banner.layoutFrame: {x: 20, y: 10, width: 360, height: 40} }
        script:
          - expect: { banner.layoutFrame: {x: 20, y: 10, width: 360, height: 40}, bar.layoutFrame: {x: 0, y: 100, width: 400, height: 100} }
          - expect: { second.layoutFrame: {x: 10, y: 100, width: 0, height: 100} }
          - set: { first.hidden: true }
          - expect: { second.layoutFrame: {x: 0, y: 100, width: 0, height: 100} }
        """

    @Test func theSolvedFrameIsReadInExpectAndInvariants() throws {
        let text = try transcript(of: Self.scene)
        #expect(text.contains("-- Frames: 4 expectations, 4 passed, 0 failed"), "\(text)")
        #expect(!text.contains("FAILED") && !text.contains("BROKEN"), "\(text)")
        // The second button moved when the first was hidden: no line says so.
        // (A change is written `second.hidden: false -> true`.)
        #expect(text.contains("first.hidden: false -> true"))
        #expect(!text.contains(".layoutFrame: "))
    }

    @Test func aWrongFrameFailsItsExpectation() throws {
        let wrong = Self.scene.replacingOccurrences(of: "{x: 0, y: 100, width: 0", with: "{x: 10, y: 100, width: 0")
        let text = try transcript(of: wrong)
        #expect(text.contains("expect second.layoutFrame == {x: 10, y: 100, width: 0, height: 100}: FAILED"), "\(text)")
        #expect(text.contains("actual {x: 0, y: 100, width: 0, height: 100}"), "\(text)")
        // An invariant on a frame breaks when the frame moves.
        let moved = Self.scene.replacingOccurrences(
            of: "- set: { first.hidden: true }",
            with:
                "- set: { banner.hidden: true, first.constraints: [] }\n  - set: { bar.frame: {x: 0, y: 0, width: 400, height: 100} }"
        )
        .replacingOccurrences(
            of: "trailing == canvas.trailing - 20, top == canvas.top + 10",
            with: "trailing == canvas.trailing - 20, top == bar.bottom + 10")
        let broken = try transcript(of: moved)
        #expect(
            broken.contains(
                "invariant banner.layoutFrame == {x: 20, y: 10, width: 360, height: 40} (the banner keeps its place): BROKEN"
            ), "\(broken)")
    }

    @Test func outsideASceneThereIsNoFrame() {
        #expect(View().layoutFrame == nil)
    }
}
