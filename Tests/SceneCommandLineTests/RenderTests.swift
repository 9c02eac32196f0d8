import Foundation
import SceneCore
import TestSupport
import Testing

@testable import SceneCommandLine

/// `render FILE`: the picture at the script's end or at `--at` times,
/// several files, PNG through rsvg-convert, and the refusals.
@Suite struct RenderTests {
    private static let fade = """
        scene: Fade
        objects:
          panel: {type: View, backgroundColor: "#336699", frame: {x: 10, y: 20, width: 100, height: 50}}
          go: {type: Button, title: Go}
        script:
          - wait: 1s
          - call: panel.hide
          - wait: 1s
        """

    private func scene(_ text: String = fade, in folder: TemporaryFolder) throws -> String {
        try folder.write(text, to: "scene.yaml")
    }

    @Test func withoutAtTheSceneIsDrawnAtTheEndOfItsScript() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let result = run(["render", path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("<svg "))
        #expect(result.output.contains(#"data-id="go""#))
        // Hidden at 1 s: not drawn at the end.
        #expect(!result.output.contains(#"data-id="panel""#))
    }

    @Test func severalTimesGiveNumberedFilesEachAtItsMoment() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let first = folder.path("strip.svg")
        let result = run(["render", path, "--at", "1.5s", "--at", "0.5s", "-o", first])
        #expect(result.status == 0, "\(result.errors)")
        let early = try String(contentsOfFile: first, encoding: .utf8)
        let late = try String(contentsOfFile: folder.path("strip-2.svg"), encoding: .utf8)
        #expect(early.contains(#"<g data-id="panel" data-type="View" transform="translate(10 20)">"#))
        #expect(!late.contains(#"data-id="panel""#))
    }

    @Test func aPictureInsideAWaitDoesNotLengthenTheWait() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(
            "scene: Hide\nobjects:\n  box: {type: View, backgroundColor: red}\n"
                + "script:\n  - wait: 1s\n  - set: { box.hidden: true }\n  - wait: 1s\n", in: folder)
        let first = folder.path("at.svg")
        let result = run(["render", path, "--at", "0.5s", "--at", "1.2s", "-o", first])
        #expect(result.status == 0, "\(result.errors)")
        // Hidden at 1 s: the pause at 0.5 s did not move the hiding to 1.5 s.
        let later = try String(contentsOfFile: folder.path("at-2.svg"), encoding: .utf8)
        #expect(!later.contains(#"data-id="box""#))
        #expect(try String(contentsOfFile: first, encoding: .utf8).contains(#"data-id="box""#))
    }

    @Test func theSamePictureIsTheSameBytesEveryRun() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        #expect(run(["render", path, "--at", "0.5s"]).output == run(["render", path, "--at", "0.5s"]).output)
    }

    @Test func aPictureAfterTheScriptLetsTheClockRunOnAndScaleSizesIt() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let result = run(["render", path, "--at", "1h", "--scale", "2"])
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                #"<svg xmlns="http://www.w3.org/2000/svg" width="780" height="1688" viewBox="0 0 390 844""#))
    }

    @Test(arguments: [
        (["--at", "soon"], "is not a time"), (["--at", "1s", "--at", "2s"], "name the first with -o"),
        (["--scale", "0"], "--scale takes a number from 0.01 to 16, not 0."),
        (["--scale", "-1"], "--scale takes a number from 0.01 to 16, not -1."),
        (["--scale", "1e-9"], "--scale takes a number from 0.01 to 16, not 1e-09."),
        (["--at=-1s"], "--at '-1s' is before the scene starts: a time is 0s or later"),
        (["--at=-0.001s"], "before the scene starts"),
        (["--at", "8785h"], "--at '8785h' is later than a scene may run: at most 8784h"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let result = run(["render", path] + arguments)
        #expect(result.status == 64)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func thePictureNeverReplacesTheSceneItDraws() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let result = run(["render", path, "-o", path])
        #expect(result.status == 64)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test func aRefusedSecondPictureLeavesTheFirstFileAsItWas() throws {
        // The second picture's name (shot-2.yaml) is the scene itself: the
        // refusal comes before the first picture replaces shot.yaml.
        let folder = try temporaryFolder("render")
        let path = try folder.write(Self.fade, to: "shot-2.yaml")
        let first = try folder.write("the user's own file\n", to: "shot.yaml")
        let result = run(["render", path, "--at", "0s", "--at", "1s", "-o", first])
        #expect(result.status == 64, "\(result.errors)")
        #expect(result.errors.contains("--output \(path) would overwrite a file this command reads"))
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "the user's own file\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.fade)
    }

    @Test func twoPicturesNamingOneFileAreRefusedBeforeEither() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let first = try folder.write("kept\n", to: "a.svg")
        try FileManager.default.createSymbolicLink(atPath: folder.path("a-2.svg"), withDestinationPath: "a.svg")
        let result = run(["render", path, "--at", "0s", "--at", "1s", "-o", first])
        #expect(result.status == 64, "\(result.errors)")
        #expect(result.errors.contains("names the same file as \(first)"), "\(result.errors)")
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "kept\n")
    }

    @Test func anOutputThatIsALinkInALoopIsRefusedAndStaysALink() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let (one, two) = (folder.path("loop1"), folder.path("loop2"))
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: "loop1")
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: "loop2")
        for name in [one, two] {
            let result = run(["render", path, "-o", name])
            #expect(result.status == 74, "\(result.errors)")
            #expect(result.errors.contains("--output \(name) cannot be written: too many levels of symbolic links"))
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: name) == (name == one ? "loop2" : "loop1"))
        }
    }

    @Test func thePictureNeverReplacesAComponentTheSceneIncludes() throws {
        // The components are those the load read (kept on the declaration),
        // through a component that includes another.
        let folder = try temporaryFolder("render")
        let path = try scene("objects:\n  first: {include: parts/pair.yaml}\n", in: folder)
        let parts = folder.url("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        let pair = "objects:\n  box: {include: box.yaml}\n"
        let box = "objects:\n  button: {type: Button, title: Go}\n"
        try pair.write(to: parts.appendingPathComponent("pair.yaml"), atomically: true, encoding: .utf8)
        try box.write(to: parts.appendingPathComponent("box.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in [("pair.yaml", pair), ("box.yaml", box)] {
            let target = parts.appendingPathComponent(name).path
            let result = run(["render", path, "-o", target])
            #expect(result.status == 64, "\(name): \(result.errors)")
            #expect(result.errors.contains("would overwrite a file this command reads"), "\(result.errors)")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == text)
        }
        let drawn = run(["render", path, "-o", folder.path("out.svg")])
        #expect(drawn.status == 0, "\(drawn.errors)")
    }

    @Test func aPNGNeedsRsvgConvertAndSaysHowToInstallIt() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let png = folder.path("picture.png")
        let result = Graphviz.$searchPathOverride.withValue("") { run(["render", path, "-o", png]) }
        #expect(result.status == 69)
        #expect(result.errors.contains("apt-get install librsvg2-bin"))
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test(.enabled(if: Graphviz.locate("rsvg-convert") != nil, "rsvg-convert is not installed (.ci/run installs it)"))
    func aPNGIsWrittenThroughRsvgConvert() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(in: folder)
        let png = folder.path("picture.png")
        let result = run(["render", path, "--at", "0.5s", "-o", png])
        #expect(result.status == 0, "\(result.errors)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func anInvalidSceneIsReportedAndNothingIsDrawn() throws {
        let folder = try temporaryFolder("render")
        let path = try scene("scene: X\nobjects:\n  a: {type: Buton}\n", in: folder)
        let result = run(["render", path])
        #expect(result.status == 2)
        #expect(result.output.contains("3:13: error: unknown type 'Buton'"))
        #expect(!result.output.contains("<svg"))
    }

    @Test func theLatestTimeIsAccepted() throws {
        let folder = try temporaryFolder("render")
        let path = try scene("scene: Still\nobjects:\n  box: {type: View}\n", in: folder)
        let result = run(["render", path, "--at", "8784h"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("<svg "))
    }

    @Test func aPNGOverThePixelBudgetIsRefusedBeforeAnyConverterStarts() throws {
        let folder = try temporaryFolder("render")
        let path = try scene("canvas: {width: 2040, height: 2040}\nobjects:\n  box: {type: View}\n", in: folder)
        let png = folder.path("huge.png")
        // A converter that would say it ran: it must not be started at all.
        let tools = folder.url("bin")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let marker = folder.path("converter-ran")
        let fake = tools.appendingPathComponent("rsvg-convert").path
        try "#!/bin/sh\ntouch '\(marker)'\ncat >/dev/null\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let result = Graphviz.$searchPathOverride.withValue(tools.path) {
            run(["render", path, "-o", png, "--scale", "16"])
        }
        #expect(result.status == 64)
        #expect(
            result.errors.contains(
                "a 32640x32640 PNG (canvas 2040x2040 at --scale 16.0) has more than 67108864 pixels, the limit "
                    + "(64 megapixels): draw it at --scale 4.01 or less, or write SVG"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(!FileManager.default.fileExists(atPath: png))
        // Within the budget, the same converter is started.
        let within = Graphviz.$searchPathOverride.withValue(tools.path) {
            run(["render", path, "-o", png, "--scale", "4"])
        }
        #expect(FileManager.default.fileExists(atPath: marker), "\(within.errors)")
        #expect(RenderCommand.pixelBudgetRefusal(canvas: Size(width: 8192, height: 8192), scale: 1) == nil)
        #expect(RenderCommand.pixelBudgetRefusal(canvas: Size(width: 8192, height: 8193), scale: 1) != nil)
    }

    @Test func aConverterPastItsTimeLimitIsKilledAndSaysSo() throws {
        let started = ContinuousClock.now
        let failure = Graphviz.$timeLimitOverride.withValue(.milliseconds(300)) {
            () -> Graphviz.Failure? in
            do {
                try Graphviz.filter(
                    Array("<svg/>".utf8), through: "/bin/sleep", arguments: ["30"], into: { _ in },
                    shouldStop: { false })
                return nil
            } catch {
                return error as? Graphviz.Failure
            }
        }
        #expect(
            failure?.message.contains("'/bin/sleep 30' ran longer than 0.3 seconds, its time limit") == true,
            "\(failure?.message ?? "no failure")")
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aTableTooHighForAnIntegerIsRefusedAtItsLineAndNothingIsLeftBehind() throws {
        let folder = try temporaryFolder("render")
        let path = try scene(
            "objects:\n  rows: {type: TableData}\n"
                + "  table: {type: TableView, data: rows, frame: {x: 0, y: 0, width: 100, height: 1e21}}\n",
            in: folder)
        let result = run(["render", path, "-o", folder.path("t.svg")])
        #expect(result.status == 2)
        #expect(result.output.contains("3:80: error: 'frame.height' must be between 0 and 100000, not 1e+21"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["scene.yaml"])
    }
}
