import Foundation
import SceneCore
import TestSupport
import Testing

@testable import SceneCommandLine

/// What the commands do with views laid out by constraints: `check` fails a
/// file whose required constraints contradict one another and warns about
/// a view they leave open; `render` draws and prints the solved frames,
/// and moves them as a named constraint's constant changes.
@Suite struct ConstraintCommandTests {
    static let conflicting = """
        objects:
          box:
            type: View
            constraints:
              - leading == canvas.leading + 20
              - top == canvas.top + 10
              - width == 100
              - height == 40
              - width == 0.5 * canvas.width
          tag:
            type: Label
            text: New
            constraints:
              - top == box.bottom + 8
        """

    @Test func checkFailsAConflictAtTheBrokenConstraintNamingEveryOneWithItsLine() throws {
        let folder = try temporaryFolder("constraints")
        let path = try folder.write(Self.conflicting, to: "scene.yaml")
        let result = run(["check", path])
        #expect(result.status == 2)
        #expect(
            result.output == """
                \(path):9:9: error: 2 required constraints cannot all hold: 'box': width == 100 (line 7); 'box': width == 0.5 * canvas.width (line 9); 'width == 0.5 * canvas.width' of 'box' is broken to lay the views out
                    9 |       - width == 0.5 * canvas.width
                      |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~
                      = help: lower the priority of one (as in 'width == 400 @750'), or remove one
                \(path):7:9: note: 'width == 100' of 'box', in the conflict
                    7 |       - width == 100
                      |         ^
                \(path):10:3: warning: the constraints of 'tag' leave its horizontal position open
                   10 |   tag:
                      |   ^~~
                      = help: fix one of its horizontal edges or its centerX ('leading == parent.leading + 16')
                \(path): 1 error, 1 warning

                """)
        // The layout goes on without the broken one, as UIKit's does.
        let frames = run(["render", path, "--format", "json"])
        #expect(frames.status == 0, "\(frames.errors)")
        #expect(
            frames.output.split(separator: "\n").first
                == #"{"type":"view","id":"box","at":"0s","frame":{"x":20,"y":10,"width":100,"height":40},"hidden":false}"#
        )
    }

    @Test func anOpenLayoutIsAWarningThatAllowLetsThrough() throws {
        let folder = try temporaryFolder("constraints")
        let path = try folder.write(
            "objects:\n  a: {type: View, constraints: [width == 10, height == 10, top == canvas.top]}\n",
            to: "scene.yaml")
        #expect(run(["check", path]).status == 0)
        #expect(run(["check", "--warnings-as-errors", path]).status == 2)
        #expect(run(["check", "--warnings-as-errors", "--allow", "ambiguous-layout", path]).status == 0)
    }

    @Test func aNamedConstraintsConstantMovesItsViewWhileTheSceneRuns() throws {
        let folder = try temporaryFolder("constraints")
        let path = try folder.write(
            """
            objects:
              drawer:
                type: View
                constraints: [top == canvas.top, height == 100, width == 200]
              slide:
                type: Constraint
                view: drawer
                is: trailing == canvas.leading
                duration: 0.1s
            script:
              - call: { slide.animate: 200 }
              - wait: 0.1s
              - wait: 0.1s
              - set: { slide.active: false }
            """, to: "scene.yaml")
        let result = run(["render", path, "--format", "json", "--at", "0s", "--at", "0.05s", "--at", "0.1s"])
        #expect(result.status == 0, "\(result.errors)")
        let xs = result.output.split(separator: "\n").map { line in
            line.firstMatch(of: /"x":(-?[0-9.]+)/).map { String($0.1) } ?? "?"
        }
        #expect(xs == ["-200", "-100", "0"])
        #expect(run(["run", path]).status == 0)
    }
}
