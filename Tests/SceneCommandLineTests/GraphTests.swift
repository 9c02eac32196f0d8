import Foundation
import TestSupport
import Testing

@testable import SceneCommandLine

/// Whether Graphviz's `dot` is on this machine's PATH: the SVG tests run
/// only then (`.ci/run` installs it and renders every shipped scene).
private let isDotInstalled = Graphviz.locate() != nil

/// `graph FILE`: the DOT it prints, the frames, arrows and labels in it,
/// quoting, invalid scenes, `--format svg` through `dot` (real or a stand-in)
/// and `--output`.
@Suite struct GraphTests {
    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("graph")
    }

    /// A new scene file with `text`, in the test's folder.
    private func scene(_ text: String) throws -> String {
        try temporary.write(text, to: "\(UUID().uuidString).yaml")
    }

    /// A new folder in the test's, holding an executable `dot` that runs
    /// `script` (a shell script).
    ///
    /// Written close-on-exec: a child that another test starts meanwhile
    /// must not hold the file open for writing, or running it fails with
    /// "Text file busy".
    private func fakeDot(_ script: String) throws -> String {
        let folder = try temporary.folder("dot-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("dot").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0)
        let bytes = Array(("#!/bin/sh\n" + script + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(written == bytes.count)
        return folder.path
    }

    /// `graph ARGUMENTS` with `dot` looked for in `folder` only. A fork
    /// between another test's `fork` and `exec` can still hold the new
    /// script open for an instant; such a run is tried again.
    private func runWithDot(in folder: String, _ arguments: [String]) -> CommandResult {
        var result = Graphviz.$searchPathOverride.withValue(folder) { run(arguments) }
        for _ in 0..<20 where result.errors.contains("Text file busy") {
            result = Graphviz.$searchPathOverride.withValue(folder) { run(arguments) }
        }
        return result
    }

    private static let player = """
        scene: Player
        objects:
          controls: {type: View}
          bar: {type: View, parent: controls}
          play:
            type: Button
            parent: bar
            on:
              tap: [spinner.start, controls.hide]
          volume: {type: Slider, parent: bar}
          spinner: {type: ActivityIndicator}
          timeout:
            type: TimeoutController
            providers: [volume, play, spinner]
          host:
            type: TimeoutControllerHost
            viewToHide: controls
            timeoutController: timeout
        """

    @Test func everyObjectIsABoxOrAFrameWithItsIdAndType() throws {
        let result = run(["graph", try scene(Self.player)])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        let graph = try DOTOutline(result.output)
        #expect(graph.title == "Player")
        // `controls` is also a dashed box inside its frame: `play`, inside
        // it, calls its `hide`; `bar` is only its frame.
        #expect(graph.boxes.map(\.id) == ["controls", "play", "volume", "spinner", "timeout", "host"])
        #expect(graph.boxes.first { $0.id == "controls" }?.label.contains(#"style="rounded,dashed""#) == true)
        #expect(graph.boxes.filter { $0.label.contains("dashed") }.count == 1)
        #expect(graph.boxes.first { $0.id == "play" }?.label.contains("<b>play</b>") == true)
        #expect(graph.boxes.first { $0.id == "play" }?.label.contains(">Button</font>") == true)
        #expect(graph.boxes.first { $0.id == "host" }?.label.contains(">TimeoutControllerHost</font>") == true)
        #expect(graph.frames.map(\.id) == ["controls", "bar"])
        #expect(graph.frames.first { $0.id == "bar" }?.label.contains("<b>bar</b>") == true)
        #expect(graph.frames.first { $0.id == "bar" }?.label.contains(">View</font>") == true)
    }

    @Test func aViewsFrameStackAndCornerRadiusAndTheCanvasAreShown() throws {
        let output = run([
            "graph",
            try scene(
                """
                scene: Geometry
                canvas: {width: 320, height: 480}
                objects:
                  bar: {type: View, layout: {axis: horizontal, spacing: 4, padding: 2}, cornerRadius: 6}
                  play: {type: Button, parent: bar, title: Play}
                  badge: {type: Label, frame: {x: 10, y: 20.5, width: 100, height: 44}}
                  plain: {type: Label}
                """),
        ]).output
        let graph = try DOTOutline(output)
        #expect(output.contains(#"graph [label="Geometry\ncanvas 320x480""#))
        let bar = try #require(graph.frames.first { $0.id == "bar" })
        #expect(bar.label.contains("horizontal stack, spacing 4, padding 2, fill · corner radius 6"))
        let badge = try #require(graph.boxes.first { $0.id == "badge" })
        #expect(badge.label.contains(">frame 10,20.5 100x44</font>"))
        let plain = try #require(graph.boxes.first { $0.id == "plain" })
        #expect(!plain.label.contains("frame") && !plain.label.contains("stack"))
        // Without a canvas, the title alone.
        #expect(try DOTOutline(run(["graph", try scene(Self.player)]).output).title == "Player")
    }

    @Test func parentsAreFramesNestedAsDeepAsTheHierarchy() throws {
        let graph = try DOTOutline(run(["graph", try scene(Self.player)]).output)
        #expect(graph.enclosing["controls"] == ["controls"])
        #expect(graph.enclosing["bar"] == ["controls", "bar"])
        #expect(graph.enclosing["play"] == ["controls", "bar"])
        #expect(graph.enclosing["volume"] == ["controls", "bar"])
        #expect(graph.enclosing["spinner"] == [])
        #expect(graph.enclosing["host"] == [])
        // `parent` is shown by the frames, not by arrows; an arrow to a
        // frame's object ends at the frame.
        #expect(!graph.edges.contains { $0.label == "parent" })
        let hide = try #require(graph.edges.first { $0.label == "viewToHide" })
        #expect(hide.from == "host" && hide.to == "controls")
        #expect(hide.attributes.contains(#"lhead="cluster_controls""#))
        #expect(hide.attributes.contains("minlen=2"))
    }

    @Test func aCollectionsTargetsAreArrowsNumberedInWrittenOrder() throws {
        let graph = try DOTOutline(run(["graph", try scene(Self.player)]).output)
        let providers = graph.edges.filter { $0.from == "timeout" }
        #expect(providers.map(\.label) == ["providers[0]", "providers[1]", "providers[2]"])
        #expect(providers.map(\.to) == ["volume", "play", "spinner"])
        #expect(providers.allSatisfy { !$0.attributes.contains("dashed") })
    }

    @Test func eventWiringIsDashedArrowsLabelledEventToAction() throws {
        let graph = try DOTOutline(run(["graph", try scene(Self.player)]).output)
        let wiring = graph.edges.filter { $0.from == "play" }
        #expect(wiring.map(\.label) == ["tap -> start", "tap -> hide"])
        #expect(wiring.map(\.to) == ["spinner", "controls"])
        for edge in wiring {
            #expect(edge.attributes.contains("style=dashed"))
            #expect(edge.attributes.contains("arrowhead=vee"))
        }
        // From inside the frame to the frame's own box: no clipping at its border.
        #expect(wiring.last?.attributes.contains("lhead") == false)
        #expect(wiring.first?.attributes.contains("ltail") == false)
        let outlets = graph.edges.filter { !$0.attributes.contains("dashed") }
        #expect(outlets.count == 5)
    }

    @Test func theOutputIsInFileOrderAndTheSameEveryTime() throws {
        let path = try scene(Self.player)
        let first = run(["graph", path]).output
        #expect(run(["graph", path]).output == first)
        let graph = try DOTOutline(first)
        #expect(graph.edges.map(\.from) == ["play", "play", "timeout", "timeout", "timeout", "host", "host"])
    }

    @Test(arguments: [
        "plain", #"say "hi""#, #"back\slash"#, #"\n is not a line break"#, "two\nlines", "windows\r\nline",
        "old mac\rline", #"\""#, "<b>&amp;</b>", "ünïcödé ✓", "", #"\"#, "trailing\\",
    ])
    func quotedTextReadsBackAsItWasWritten(text: String) throws {
        let quoted = DOT.quoted(text)
        let read = try #require(DOTOutline.unquote(Substring(quoted)))
        #expect(
            read.text == text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
        #expect(read.rest.isEmpty)
        #expect(!quoted.dropFirst().dropLast().contains("\n"))
    }

    @Test func htmlLabelsEscapeMarkup() {
        #expect(DOT.html(#"<a & "b">"#) == "&lt;a &amp; &quot;b&quot;&gt;")
        #expect(DOT.html("one\ntwo") == "one<br/>two")
    }

    @Test func aTitleWithQuotesBackslashesAndLineBreaksIsEscaped() throws {
        let path = try scene(
            """
            scene: "A \\"quoted\\" title \\\\ with\\nbreaks"
            objects:
              only: {type: Label}
            """)
        let result = run(["graph", path])
        #expect(result.status == 0)
        #expect(result.output.contains(#"digraph "A \"quoted\" title \\ with\nbreaks" {"#))
        let graph = try DOTOutline(result.output)
        #expect(graph.title == "A \"quoted\" title \\ with\nbreaks")
        // The comment on the first line stays one line.
        #expect(result.output.hasPrefix("// The wiring of A \"quoted\" title \\ with breaks, printed by"))
    }

    @Test func anInvalidSceneGetsChecksDiagnosticsAndStatus() throws {
        let path = try scene(
            """
            objects:
              play: {type: Buton}
              volume: {type: Slider, parent: nowhere}
            """)
        let graph = run(["graph", path])
        let check = run(["check", path])
        #expect(graph.status == ExitStatus.invalidScene)
        #expect(graph.output == check.output)
        #expect(graph.output.contains("error: unknown type 'Buton'"))
        #expect(graph.output.hasSuffix(": 2 errors\n"))
        #expect(!graph.output.contains("digraph"))

        let missing = run(["graph", "/nonexistent/scene.yaml"])
        #expect(missing.status == ExitStatus.invalidScene)
        #expect(missing.output == run(["check", "/nonexistent/scene.yaml"]).output)
    }

    @Test func anInvalidSceneWritesNoOutputFile() throws {
        let path = try scene("objects:\n  play: {type: Buton}\n")
        let output = temporary.url("graph.dot")
        let result = run(["graph", "--output", output.path, path])
        #expect(result.status == ExitStatus.invalidScene)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func outputWritesTheGraphToAFile() throws {
        let path = try scene(Self.player)
        let output = temporary.url("graph.dot")
        let result = run(["graph", "-o", output.path, path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8) == run(["graph", path]).output)
    }

    @Test func anOutputFileThatCannotBeWrittenIsAnError() throws {
        let path = try scene(Self.player)
        let result = run(["graph", "--output", "/nonexistent-folder/graph.dot", path])
        #expect(result.status == ExitStatus.outputFailed)
        #expect(
            result.errors
                == "Error: cannot write the graph to '/nonexistent-folder/graph.dot': No such file or directory\n")
        #expect(result.output.isEmpty)
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = run(["graph", "--output", "/dev/full", path])
            #expect(full.status == ExitStatus.outputFailed)
            #expect(full.errors.hasPrefix("Error: could not write the graph to '/dev/full': "))
        }
    }

    @Test func svgWithoutDotSaysHowToInstallGraphviz() throws {
        let path = try scene(Self.player)
        let result = Graphviz.$searchPathOverride.withValue("") { run(["graph", "--format", "svg", path]) }
        #expect(result.status == ExitStatus.toolUnavailable)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("Error: --format svg needs Graphviz's 'dot', which is not on PATH."))
        #expect(result.errors.contains("'apt-get install graphviz'"))
        #expect(result.errors.contains("'brew install graphviz'"))
        #expect(result.errors.contains("'scene-runner graph \(path)'"))
    }

    @Test func svgStreamsDotsOutputFedTheGraphOnStandardInput() throws {
        // A stand-in `dot` that copies its input and checks its argument:
        // the plumbing, with a graph far larger than a pipe holds.
        let folder = try fakeDot(#"[ "$1" = "-Tsvg" ] || exit 9; exec cat"#)
        var text = "objects:\n"
        for index in 0..<3000 { text += "  object\(index): {type: Label, text: \"é \(index)\"}\n" }
        let path = try scene(text)
        let result = runWithDot(in: folder, ["graph", "--format", "svg", path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.utf8.count > 1 << 17)
        #expect(result.output == run(["graph", path]).output)
    }

    @Test func aFailingDotIsAnErrorWithWhatItSaid() throws {
        let folder = try fakeDot("cat >/dev/null; echo 'Error: <stdin>: syntax error in line 3' >&2; exit 3")
        let path = try scene(Self.player)
        let result = runWithDot(in: folder, ["graph", "--format", "svg", path])
        #expect(result.status == ExitStatus.toolUnavailable)
        #expect(
            result.errors
                == "Error: '\(folder)/dot -Tsvg' exited with status 3:\nError: <stdin>: syntax error in line 3\n")

        // One that stops reading at once: no SIGPIPE, only its status.
        let quitter = try fakeDot("exit 4")
        let quit = runWithDot(in: quitter, ["graph", "--format", "svg", path])
        #expect(quit.status == ExitStatus.toolUnavailable)
        #expect(quit.errors.contains("exited with status 4 and printed nothing on standard error"))

        // An --output file is not left holding what a failing dot printed.
        let half = try fakeDot("cat >/dev/null; echo '<svg>'; exit 1")
        let output = temporary.url("graph.svg")
        let failed = runWithDot(in: half, ["graph", "--format", "svg", "--output", output.path, path])
        #expect(failed.status == ExitStatus.toolUnavailable)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func textSplitInsideACharacterIsJoinedAgain() {
        let text = "a é ✓ 🎬 z"
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var chunks = UTF8Chunks()
            let joined = chunks.decode(bytes[0..<cut]) + chunks.decode(bytes[cut...]) + chunks.finish()
            #expect(joined == text, "cut at \(cut)")
        }
        var chunks = UTF8Chunks()
        #expect(chunks.decode([0x61, 0xE2, 0x9C]) == "a")
        #expect(chunks.finish() == "\u{FFFD}")
    }

    @Test(.enabled(if: isDotInstalled, "Graphviz's dot is not on PATH (apt-get install graphviz); .ci/run installs it"))
    func svgDrawsEveryObjectWithGraphviz() throws {
        let path = try scene(
            """
            scene: "Odd \\"title\\" \\\\ <&>"
            objects:
              controls: {type: View}
              play: {type: Button, parent: controls, on: {tap: spinner.start}}
              spinner: {type: ActivityIndicator}
              timeout: {type: TimeoutController, providers: [play, spinner]}
            """)
        let result = run(["graph", "--format", "svg", path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("<?xml"))
        #expect(result.output.contains("</svg>"))
        for id in ["controls", "play", "spinner", "timeout"] {
            #expect(result.output.contains(">\(id)</text>"), "\(id)")
        }
        #expect(result.output.contains("tap &#45;&gt; start") || result.output.contains("tap -&gt; start"))
        #expect(result.output.contains("providers[1]"))
        #expect(result.output.contains("Odd &quot;title&quot; \\ &lt;&amp;&gt;"))

        let output = temporary.url("graph.svg")
        let written = run(["graph", "--format", "svg", "--output", output.path, path])
        #expect(written.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == result.output)
    }

    @Test(.enabled(if: isDotInstalled, "Graphviz's dot is not on PATH (apt-get install graphviz); .ci/run installs it"))
    func everyShippedSceneIsDrawn() throws {
        for path in try shippedScenes() {
            let result = run(["graph", "--format", "svg", path])
            #expect(result.status == 0, "\(path): \(result.errors)")
            #expect(result.output.contains("</svg>"), "\(path)")
        }
    }

    @Test func everyShippedScenesGraphNamesEachObjectCheckCounts() throws {
        for path in try shippedScenes() {
            let checked = try run(["check", "--format", "json", path]).jsonRecords()
            let file = try #require(checked.first { $0["type"] as? String == "file" }, "\(path)")
            let ids = try #require(file["ids"] as? [String], "\(path): no ids in \(file)")
            #expect(file["valid"] as? Bool == true, "\(path)")
            #expect(
                ids.count == file["objects"] as? Int, "\(path): \(ids.count) ids for \(file["objects"] ?? "?") objects")
            let graph = run(["graph", path])
            #expect(graph.status == 0, "\(path): \(graph.errors)")
            let missing = ids.filter { !graph.output.contains("<b>\($0)</b>") }
            #expect(missing.isEmpty, "\(path): the graph does not name \(missing)")
        }
    }

    @Test func theCommittedPictureIsCurrent() throws {
        let committed = try String(contentsOfFile: packagePath("docs/images/video-player.dot"), encoding: .utf8)
        let result = run(["graph", packagePath("Scenes/video-player.yaml")])
        #expect(result.status == 0)
        #expect(
            result.output == committed,
            "docs/images/video-player.dot is out of date: run scripts/render-graphs.sh --update")
        #expect(FileManager.default.fileExists(atPath: packagePath("docs/images/video-player.svg")))
    }

    @Test func aDeepHierarchyPrintsInLinearSpace() throws {
        var text = "objects:\n  view0: {type: View}\n"
        let depth = 2000
        for index in 1..<depth { text += "  view\(index): {type: View, parent: view\(index - 1)}\n" }
        let result = run(["graph", try scene(text)])
        #expect(result.status == 0, "\(result.output)")
        let graph = try DOTOutline(result.output)
        #expect(graph.frames.count == depth - 1)
        #expect(graph.enclosing["view\(depth - 1)"]?.count == depth - 1)
        let longest = result.output.split(separator: "\n").map(\.utf8.count).max() ?? 0
        #expect(longest < 300)
    }

    @Test func helpListsEveryExitStatus() {
        let result = run(["graph", "--help"])
        #expect(result.status == 0)
        let listed = result.output.split(separator: "\n").drop { $0 != "Exit status:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(listed == ["0", "2", "64", "69", "74"], "\(result.output)")
    }

    @Test func aFormatThatIsNeitherDotNorSvgIsAUsageError() throws {
        let result = run(["graph", "--format", "png", try scene(Self.player)])
        #expect(result.status == ExitStatus.usage)
        #expect(result.errors.contains("'png'"))
    }
    #if os(Linux)
        /// `dot` starts with no signal blocked and SIGPIPE at its default,
        /// whatever the command line blocks and ignores for itself.
        @Test func dotStartsWithNoSignalBlockedAndSIGPIPEAtItsDefault() throws {
            let previous = signal(SIGPIPE, SIG_IGN)
            defer { signal(SIGPIPE, previous) }
            var blocked = sigset_t()
            sigemptyset(&blocked)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
            var old = sigset_t()
            pthread_sigmask(SIG_BLOCK, &blocked, &old)
            defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
            let folder = try fakeDot("grep -E '^(SigBlk|SigIgn):' /proc/self/status >&2; exit 3")
            let scene = packagePath("Scenes/player-controls.yaml")
            let result = runWithDot(in: folder, ["graph", "--format", "svg", scene])
            var masks: [String: UInt64] = [:]
            for line in result.errors.split(separator: "\n") {
                let parts = line.split(separator: ":")
                guard parts.count == 2, let value = UInt64(parts[1].filter { $0 != " " && $0 != "\t" }, radix: 16)
                else { continue }
                masks[String(parts[0])] = value
            }
            let errors = result.errors
            #expect(masks["SigBlk"] == 0, "\(errors)")
            #expect(masks["SigIgn"].map { $0 & (1 << UInt64(SIGPIPE - 1)) } == 0, "\(errors)")
        }
    #endif
}

/// What a test reads back from `graph`'s DOT, line by line as it prints it:
/// frames and boxes with the frames around them, and arrows.
struct DOTOutline {
    struct Node {
        var id: String
        var label: String
    }

    struct Edge {
        var from: String
        var to: String
        var label: String
        var attributes: String
    }

    var title = ""
    var boxes: [Node] = []
    var frames: [Node] = []
    /// The frames around each box or frame's object, outermost first (a
    /// frame's own object is inside its frame).
    var enclosing: [String: [String]] = [:]
    var edges: [Edge] = []

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    init(_ text: String) throws {
        var stack: [String] = []
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.drop { $0 == " " }
            if line.hasPrefix("digraph ") {
                guard let (name, _) = Self.unquote(line.dropFirst(8)) else { throw Unreadable(description: "\(line)") }
                title = name
            } else if line.hasPrefix("subgraph ") {
                guard let (name, _) = Self.unquote(line.dropFirst(9)), name.hasPrefix("cluster_") else {
                    throw Unreadable(description: "\(line)")
                }
                stack.append(String(name.dropFirst(8)))
            } else if line == "}" {
                if !stack.isEmpty { stack.removeLast() }
            } else if line.hasPrefix("label=<"), let frame = stack.last {
                frames.append(Node(id: frame, label: String(line.prefix { $0 != ";" })))
            } else if line.hasPrefix("\"") {
                guard let (first, rest) = Self.unquote(line) else { throw Unreadable(description: "\(line)") }
                if rest.hasPrefix(" -> ") {
                    guard let (second, attributes) = Self.unquote(rest.dropFirst(4)) else {
                        throw Unreadable(description: "\(line)")
                    }
                    let label = attributes.range(of: "label=").flatMap { Self.unquote(attributes[$0.upperBound...]) }
                    edges.append(
                        Edge(from: first, to: second, label: label?.text ?? "", attributes: String(attributes)))
                } else {
                    enclosing[first] = stack
                    if !rest.contains("shape=point") { boxes.append(Node(id: first, label: String(rest))) }
                }
            }
        }
    }

    /// The DOT quoted string at the start of `text`, read as Graphviz reads
    /// a label (`\"` a quote, `\\` a backslash, `\n` a line break), and what
    /// follows it.
    static func unquote(_ text: Substring) -> (text: String, rest: Substring)? {
        guard text.first == "\"" else { return nil }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { return (result, text[text.index(after: index)...]) }
            if character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { return nil }
                switch text[index] {
                case "n": result.append("\n")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                default: return nil
                }
            } else {
                result.append(character)
            }
            index = text.index(after: index)
        }
        return nil
    }
}
