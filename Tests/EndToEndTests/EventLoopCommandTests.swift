import Foundation
import TestSupport
import Testing

/// Event loops through the built `scene-runner` (issue 22): `check` warns,
/// `run` stops with an error at the step and exits 1, where it used to
/// overflow the stack (exit 139).
@Suite struct EventLoopCommandTests {
    static let form = """
        objects: { f: { type: FormBehaviour, on: { submitted: f.submit } } }
        script: [ { call: f.submit } ]
        """

    static let player = """
        objects:
          p: { type: Player, duration: 10s, on: { play: p.pause, pause: p.play } }
        script:
          - call: p.load
          - call: p.play
        """

    @Test(arguments: [("form", form, "form.yaml:2:13"), ("player", player, "player.yaml:5:5")])
    func aLoopingSceneStopsAtItsStepAndExitsOne(name: String, text: String, position: String) throws {
        let folder = try temporaryFolder()
        let path = try folder.write(text, to: "\(name).yaml")
        let run = try runSceneRunner(["run", path])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("error: event loop: "), "\(run.output)")
        #expect(run.output.contains("(\(path.dropLast("\(name).yaml".count))\(position))"), "\(run.output)")
        let check = try runSceneRunner(["check", path])
        #expect(check.status == 0)
        #expect(check.output.contains("warning: the 'on:' wiring loops: "), "\(check.output)")
        let strict = try runSceneRunner(["check", "--warnings-as-errors", path])
        #expect(strict.status != 0)
    }

    @Test func aChainOf20000ObjectsStopsAtTheDepthLimitAndExitsOne() throws {
        let count = 20_000
        let text =
            "objects:\n"
            + (0..<count).map { index in
                index + 1 < count
                    ? "  f\(index): { type: FormBehaviour, on: { submitted: f\(index + 1).submit } }\n"
                    : "  f\(index): { type: FormBehaviour }\n"
            }.joined() + "script:\n  - call: f0.submit\n"
        let folder = try temporaryFolder()
        let path = try folder.write(text, to: "chain.yaml")
        let run = try runSceneRunner(["run", path])
        #expect(run.status == 1)
        #expect(run.output.contains("error: events were delivered more than 100 deep"))
        #expect(run.output.contains("chain.yaml:20003:5)"))
    }
}
