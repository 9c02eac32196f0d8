import Foundation
import TestSupport
import Testing

@testable import SceneCommandLine

/// The timeline page's style sheet and script: the files in
/// `Sources/SceneCommandLine/Timeline/Assets`, built into the program and
/// written whole into every page.
@Suite struct TimelineAssetsTests {
    private static let folder = "Sources/SceneCommandLine/Timeline/Assets/"

    private func file(_ name: String) throws -> String {
        try String(contentsOfFile: packagePath(Self.folder + name), encoding: .utf8)
    }

    @Test func theBuiltInTextIsTheFilesLessTheirFinalNewline() throws {
        #expect(try file("timeline.css") == TimelineAssets.style + "\n")
        #expect(try file("timeline.js") == TimelineAssets.script + "\n")
        #expect(TimelineAssets.style.contains(".ov-window"))
        #expect(TimelineAssets.script.contains("function zigzag("))
    }

    @Test func onlyOneFinalLineFeedIsDropped() {
        #expect(TimelineAssets.text(Array("a\n\n".utf8)) == "a\n")
        #expect(TimelineAssets.text(Array("a".utf8)) == "a")
        #expect(TimelineAssets.text([]) == "")
    }

    /// A `</style` or `</script` in a file would end its element early and
    /// show the rest of the file as the page's text.
    @Test func neitherFileEndsItsElementEarly() {
        #expect(!TimelineAssets.style.lowercased().contains("</style"))
        #expect(!TimelineAssets.script.lowercased().contains("</script"))
        #expect(!TimelineAssets.script.contains("<!--"))
    }

    @Test func everyPageCarriesBothWhole() throws {
        let folder = try temporaryFolder()
        let page = folder.path("page.html")
        let result = run(["run", "--timeline", page, packagePath("Scenes/pan-stopped.yaml")])
        #expect(result.status == 0, "\(result.errors)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("<style>\n" + TimelineAssets.style + "\n</style>\n"))
        #expect(text.contains("(function () {\n\"use strict\";\n" + TimelineAssets.script + "\n})();\n</script>\n"))
    }

    static let node: String? = ["/usr/bin/node", "/usr/local/bin/node"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `node --check` parses the script as JavaScript without running it
    /// (CI's `.ci/run` does too; Chromium draws the pages in
    /// `scripts/render-timelines.sh`, which also applies the style sheet).
    @Test(.enabled(if: node != nil, "needs Node.js to parse the script"))
    func theScriptParsesAsJavaScript() throws {
        let node = try runExecutable(
            URL(fileURLWithPath: try #require(Self.node)),
            arguments: ["--check", packagePath(Self.folder + "timeline.js")], output: .discarded)
        #expect(node.status == 0, "\(node.errors)")
    }
}
