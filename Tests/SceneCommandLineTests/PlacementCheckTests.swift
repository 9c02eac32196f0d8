import Foundation
import TestSupport
import Testing

@testable import SceneCommandLine

/// `check`'s warnings about views out of place, and `render` on a device
/// canvas with and without its chrome.
@Suite struct PlacementCheckTests {
    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("placement")
    }

    private func write(_ text: String) throws -> String {
        try temporary.write(text, to: "bar.yaml")
    }

    /// The issue's bar: five buttons in a horizontal stack, the last past
    /// the phone's right edge.
    private static let bar = """
        scene: Bar
        canvas: {width: 390, height: 844}
        objects:
          bar:
            type: View
            layout: {axis: horizontal}
          back: {type: Button, parent: bar, title: Back}
          rewind: {type: Button, parent: bar, title: Rewind}
          play: {type: Button, parent: bar, title: Play}
          forward: {type: Button, parent: bar, title: Forward}
          more: {type: Button, parent: bar, title: More}
        """

    @Test func aStackThatOverflowsIsWarnedAtItsLineAndSoIsTheButtonPastItsEdge() throws {
        let path = try write(Self.bar)
        let result = run(["check", path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\(path):4:3: warning: the views stacked in 'bar' are "))
        #expect(result.output.contains("\(path):11:3: warning: 'more' sticks out of its parent 'bar': "))
        #expect(result.output.contains("points past its right edge"))
        #expect(result.output.hasSuffix("\(path): ok (6 objects, 2 warnings)\n"))
    }

    @Test func theWarningsAreInTheJSONAndTheAnnotationsAndFailUnderWarningsAsErrors() throws {
        let path = try write(Self.bar)
        let records = try run(["check", path, "--format", "json"]).jsonRecords()
        let codes = records.compactMap { $0["code"] as? String }
        #expect(codes == ["stack-overflow", "view-outside-parent"])
        let github = run(["check", path, "--format", "github"])
        #expect(
            github.output.contains(
                "::warning file=\(path),line=11,col=3,endLine=11,endColumn=7,title=view-outside-parent::"))
        let strict = run(["check", path, "--warnings-as-errors"])
        #expect(strict.status == 2)
        #expect(strict.output.contains("\(path): 2 warnings"))
    }

    @Test func aTextWiderThanItsFrameIsWarned() throws {
        let path = try write(
            "objects:\n  title: {type: Label, text: Now playing, frame: {x: 0, y: 0, width: 40, height: 20}}\n")
        let result = run(["check", path])
        #expect(result.output.contains("\(path):2:3: warning: the text of 'title', 'Now playing', is "))
        #expect(result.output.contains("it has: it is drawn truncated, as 'No\u{2026}'"), "\(result.output)")
    }

    @Test func aWrappingLabelIsWarnedOnlyWhenItsLinesDoNotAllShow() throws {
        let text = "Now is the time for all good people to come along"
        // About 380 points on one line: five lines of 90 points, 103 high at 17 points.
        let tall = try write(
            "objects:\n  note: {type: Label, text: \(text), numberOfLines: 0,"
                + " frame: {x: 0, y: 0, width: 90, height: 130}}\n")
        let fits = run(["check", tall])
        #expect(!fits.output.contains("warning"), "\(fits.output)")
        let short = try write(
            "objects:\n  note: {type: Label, text: \(text), numberOfLines: 0,"
                + " frame: {x: 0, y: 0, width: 90, height: 45}}\n")
        let cut = run(["check", short])
        #expect(cut.output.contains("\(short):2:3: warning: the text of 'note', "), "\(cut.output)")
        #expect(cut.output.contains("lines of 90 points at 17 points, and its height of 45 points shows 2:"))
        #expect(cut.output.contains("its last line is drawn truncated, as '"))
        let limited = try write(
            "objects:\n  note: {type: Label, text: \(text), numberOfLines: 3, lineBreakMode: byWordWrapping,"
                + " frame: {x: 0, y: 0, width: 90, height: 130}}\n")
        let clipped = run(["check", limited])
        #expect(clipped.output.contains("and its numberOfLines shows 3: its last line is drawn cut, as '"))
    }

    @Test func aTextIsMeasuredAtItsFont() throws {
        // 'Now playing' is about 94 points wide at 17 regular: it fits in
        // 120 points, but not at 34 points bold.
        let fits = try write(
            "objects:\n  title: {type: Label, text: Now playing, frame: {x: 0, y: 0, width: 120, height: 44}}\n")
        #expect(!run(["check", fits]).output.contains("warning"))
        let large = try write(
            "objects:\n  title: {type: Label, text: Now playing, font: {size: 34, weight: bold},"
                + " frame: {x: 0, y: 0, width: 120, height: 44}}\n")
        let result = run(["check", large])
        #expect(result.output.contains("\(large):2:3: warning: the text of 'title', 'Now playing', is "))
        #expect(result.output.contains("it is drawn truncated, as 'Now\u{2026}'"), "\(result.output)")
    }

    @Test func viewsThatFitGiveNoWarningAndEveryShippedSceneIsClean() throws {
        let path = try write(
            "canvas: iPhone SE\nobjects:\n  title: {type: Label, text: Hello}\n  go: {type: Button, title: Go}\n")
        #expect(run(["check", path, "--warnings-as-errors"]).status == 0)
        let shipped = run(["check", "--warnings-as-errors"] + (try shippedScenes()))
        #expect(shipped.status == 0, "\(shipped.output)")
    }

    @Test func aDeviceCanvasIsRenderedWithItsChromeUnlessNoChromeIsGiven() throws {
        let path = try write("canvas: iPhone 15\nobjects:\n  go: {type: Button, title: Go}\n")
        let drawn = run(["render", path])
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="393" height="852""#))
        #expect(drawn.output.contains(#"data-chrome="device""#))
        #expect(drawn.output.contains(">9:41</text>"))
        // The button is stacked inside the safe area: 59 + 16 from the top.
        #expect(drawn.output.contains(#"<g data-id="go" data-type="Button" transform="translate(16 75)">"#))
        let plain = run(["render", path, "--no-chrome"])
        #expect(!plain.output.contains("data-chrome"))
        #expect(plain.output.contains(#"transform="translate(16 75)""#))
        let sized = try write("canvas: {width: 393, height: 852}\nobjects:\n  go: {type: Button, title: Go}\n")
        #expect(!run(["render", sized, "--chrome"]).output.contains("data-chrome"))
    }
}
