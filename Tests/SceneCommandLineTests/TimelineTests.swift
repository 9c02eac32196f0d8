import Foundation
import SceneCore
import SceneRunning
import TestSupport
import Testing

@testable import SceneCommandLine

/// A timeline page written by `run --timeline`, taken apart: its text, and
/// its data rows parsed as JSON.
struct WrittenTimeline {
    let text: String
    let rows: [[Any]]

    init(contentsOf path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        text = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(text.range(of: "const D = [\n"), sourceLocation: sourceLocation)
        let end = try #require(
            text.range(of: "];\nconst SUMMARY", range: start.upperBound..<text.endIndex),
            sourceLocation: sourceLocation)
        rows = try text[start.upperBound..<end.lowerBound].split(separator: "\n").map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.dropLast().utf8), options: [.fragmentsAllowed])
                    as? [Any], "not a JSON array: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// The rows of `kind` (`c` a change, `f` an animation frame, `x` an expectation, ...).
    func rows(_ kind: String) -> [[Any]] { rows.filter { $0[1] as? String == kind } }

    /// The objects that have a lane: those whose properties changed, that
    /// sent events or were given inputs.
    var laneObjects: Set<String> {
        var objects = Set<String>()
        for row in rows {
            switch row[1] as? String {
            case "i", "c", "f", "e", "F": objects.insert(row[2] as? String ?? "")
            case "u", "g": objects.insert(row[3] as? String ?? "")
            default: break
            }
        }
        return objects
    }
}

/// `run --timeline`: a page per run, self-contained, written as the run
/// goes; the usage of the option and its failures.
@Suite(.serialized) struct TimelineTests {
    static let failing = packagePath("Examples/failing-expectation.yaml")

    /// The 1-based line of the first line of `file` containing `text`.
    private func line(of text: String, in file: String) throws -> Int {
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test func aFailingExpectationIsARedMarkWithItsPlaceAndBothValues() throws {
        let folder = try temporaryFolder()
        let page = folder.path("failing.html")
        let result = run(["run", Self.failing, "--timeline", page])
        #expect(result.status == ExitStatus.failedExpectation, "\(result.errors)")
        // The transcript is printed as without the option.
        #expect(result.output.contains("expect controls.hidden == true: FAILED"))
        #expect(result.output.hasSuffix("6 passed, 2 failed\n"))

        let timeline = try WrittenTimeline(contentsOf: page)
        let line = try line(of: "wrong on purpose", in: Self.failing) + 1
        let failed = timeline.rows("x").filter { $0[3] as? Int == 0 }
        #expect(failed.count == 2)
        let hidden = try #require(failed.first { $0[2] as? String == "controls.hidden" })
        #expect(hidden[4] as? String == "true")
        #expect(hidden[5] as? String == "false")
        let place = try #require(hidden[6] as? String)
        #expect(place.hasPrefix("\(Self.failing):\(line):"))
        #expect(hidden[0] as? Double == 1.1)
        // The summary, readable without the script, lists it with its place.
        #expect(
            timeline.text.contains("controls.hidden: expected true, actual false <span class=\"place\">\(place)</span>")
        )
        #expect(timeline.text.contains("<span class=\"chip fail\">2 failed</span>"))
        // The script draws a failure as its own shape in red, with the hover text.
        #expect(timeline.text.contains(#"case "fail": return '<path class="mk fail""#))
        #expect(
            timeline.text.contains(
                #"": FAILED at " + secs(t) + "\nexpected " + r[4] + ", actual " + r[5] + "\n" + r[6]"#))
        #expect(timeline.text.contains(".mk.fail { fill: var(--fail);"))
        #expect(timeline.text.contains("--fail: #cf222e"))
    }

    @Test func passedExpectationsAreMarksAndEveryChangeIsInItsObjectsLane() throws {
        let folder = try temporaryFolder()
        let scene = packagePath("Scenes/video-player.yaml")
        let page = folder.path("video-player.html")
        let result = run(["run", "--format", "json", scene, "--timeline", page])
        #expect(result.status == 0, "\(result.errors)")
        let records = try result.jsonRecords()
        let timeline = try WrittenTimeline(contentsOf: page)

        // Every change of the transcript, in order, frames marked as frames.
        let changes = records.filter { $0["type"] as? String == "change" }
        let rows = timeline.rows.filter { ["c", "f"].contains($0[1] as? String) }
        #expect(changes.count == rows.count)
        #expect(!changes.isEmpty)
        for (change, row) in zip(changes, rows) {
            #expect(row[0] as? Double == change["time"] as? Double)
            #expect(row[1] as? String == ((change["animationFrame"] as? Bool ?? false) ? "f" : "c"))
            #expect(row[2] as? String == change["object"] as? String)
            #expect(row[3] as? String == change["property"] as? String)
        }
        #expect(changes.contains { $0["animationFrame"] as? Bool == true })
        // A lane for each object that changed or sent an event: the value
        // before its first change starts each property's row.
        let changed = Set(changes.compactMap { $0["object"] as? String })
        let sent = Set(records.filter { $0["type"] as? String == "event" }.compactMap { $0["object"] as? String })
        #expect(timeline.laneObjects == changed.union(sent))
        let firsts = Set(timeline.rows("i").map { "\($0[2]).\($0[3])" })
        let paths = Set(changes.map { "\($0["object"] ?? "").\($0["property"] ?? "")" })
        #expect(firsts == paths)
        // Each expectation is a mark, passed as in the transcript.
        let expectations = records.filter { $0["type"] as? String == "expect" }
        let marks = timeline.rows("x")
        #expect(marks.count == expectations.count)
        #expect(marks.allSatisfy { $0[3] as? Int == 1 })
        let summary = try #require(records.first { $0["type"] as? String == "summary" })
        #expect(marks.count == summary["passed"] as? Int)
        #expect(timeline.text.contains("<span class=\"chip pass\">\(marks.count) passed</span>"))
        // Inputs are marks in their object's lane.
        #expect(timeline.rows("u").contains { $0[2] as? String == "tap" && $0[3] as? String == "backgroundTap" })
    }

    @Test func thePageNeedsNothingFromTheNetwork() throws {
        let folder = try temporaryFolder()
        let result = run(["run", "--timeline", folder.path, Self.failing] + (try shippedScenes()))
        #expect(result.status == ExitStatus.failedExpectation, "\(result.errors)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }
        #expect(pages.count == (try shippedScenes()).count + 1)
        // An address ends at a quote, a space, a parenthesis or the
        // backslash of a quote escaped in the pictures' script strings.
        let address = try NSRegularExpression(pattern: #"https?://[^"' )\\]*"#, options: [.caseInsensitive])
        for name in pages {
            let text = try String(contentsOfFile: folder.path(name), encoding: .utf8)
            let addresses = address.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range, in: text).map { String(text[$0]) }
            }
            #expect(addresses.allSatisfy { $0 == "http://www.w3.org/2000/svg" }, "\(name): \(addresses)")
            for loading in [
                "<link", " src=", "@import", "@font-face", "url(http", "url(//", "fetch(", "XMLHttpRequest",
            ] {
                #expect(!text.contains(loading), "\(name) contains \(loading)")
            }
            #expect(
                !text.replacingOccurrences(of: "url(#", with: "").contains("url("),
                "\(name): a url() to outside the page")
            #expect(text.hasSuffix("</html>\n"), "\(name) is not whole")
        }
    }

    @Test func oddStringsAreEscapedAndReadBackWhole() throws {
        let folder = try temporaryFolder()
        let page = folder.path("odd.html")
        _ = run(["run", Self.failing, "--timeline", page])
        let timeline = try WrittenTimeline(contentsOf: page)
        let caption = #"<b>Tom & "Jerry"</b> 'live'"#
        let replaced = "</script><i>&amp; gone"
        // Nothing of the values reaches the page as markup...
        #expect(!timeline.text.contains("<b>Tom"))
        #expect(!timeline.text.contains("<i>&amp;"))
        #expect(timeline.text.components(separatedBy: "</script>").count == 3)
        #expect(timeline.text.components(separatedBy: "<script>").count == 3)
        #expect(timeline.text.contains("&lt;/script&gt;&lt;i&gt;&amp;amp; gone"))
        #expect(timeline.text.contains(#"\u003c/script\u003e\u003ci\u003e\u0026amp; gone"#))
        // ...and the script reads them back exactly.
        let texts = timeline.rows.filter { $0[1] as? String == "c" && $0[2] as? String == "caption" }
            .compactMap { ($0[4] as? [String: Any])?["s"] as? String }
        #expect(texts == [replaced])
        let first = timeline.rows("i").first { $0[2] as? String == "caption" && $0[3] as? String == "text" }
        #expect((first?[4] as? [String: Any])?["s"] as? String == caption)
        let failed = timeline.rows("x").first { $0[2] as? String == "caption.text" && $0[3] as? Int == 0 }
        #expect(failed?[4] as? String == SceneValue.string(caption).description)
        #expect(failed?[5] as? String == SceneValue.string(replaced).description)
    }

    @Test func escapingCoversWhatCouldEndTheScriptOrOpenAnElement() {
        // The escaping itself is SceneOutputTests' (MarkupText, JSONValue.scriptText).
        #expect(
            TimelineWriter.value(.color(Color(red: 0xE4, green: 0x4F, blue: 0x72))).compact
                == ##"{"k":"#E44F72FF","t":"#E44F72"}"##)
        #expect(TimelineWriter.value(.duration(.milliseconds(1500))).compact == #"{"d":1.5,"t":"1.5s"}"#)
        #expect(TimelineWriter.value(.double(.infinity)).compact == #"{"t":"inf"}"#)
        var page = ""
        let writer = TimelineWriter { page += $0 }
        writer.begin(Transcript.Header(title: "</title><script>", file: "t.yaml", objectCount: 1))
        writer.record(Transcript.Entry(time: .zero, kind: .note("</script><b>")))
        #expect(page.contains("&lt;/title&gt;&lt;script&gt;") && !page.contains("</script><b>"))
        #expect(page.contains(#"[0,"n","\u003c/script\u003e\u003cb\u003e"],"#))
    }

    @Test func theWriterStreamsAndKeepsOnlyABoundedListOfProblems() {
        var written = ""
        let writer = TimelineWriter { written += $0 }
        writer.begin(Transcript.Header(title: "Long", file: "long.yaml", objectCount: 1))
        let head = written.count
        #expect(written.hasSuffix("const D = [\n"))
        let failures = TimelineWriter.maximumListedProblems + 25
        for index in 0..<failures {
            let time = Duration.seconds(index)
            writer.record(
                Transcript.Entry(
                    time: time,
                    kind: .change(
                        object: "o", property: "p", from: .int(index), to: .int(index + 1), isAnimationFrame: false)))
            // Each entry is written as soon as it is recorded.
            #expect(written.hasSuffix("[\(index),\"c\",\"o\",\"p\",\(index + 1)],\n"))
            writer.record(
                Transcript.Entry(
                    time: time,
                    kind: .expectation(
                        path: "o.p", expected: .equal(.int(0)), actual: .int(index + 1), passed: false,
                        position: .start)))
        }
        #expect(written.count > head)
        var summary = Transcript.Summary(header: Transcript.Header(title: "Long", file: "long.yaml", objectCount: 1))
        summary.failedCount = failures
        writer.end(summary)
        #expect(written.components(separatedBy: "<li data-t=").count - 1 == TimelineWriter.maximumListedProblems)
        #expect(written.contains("<li class=\"more\">and 25 more</li>"))
        // The value before the first change is written once.
        #expect(written.components(separatedBy: "\"i\",").count - 1 == 1)
    }

    @Test func severalScenesWriteOnePageEachInAFolder() throws {
        let folder = try temporaryFolder()
        let target = folder.path("timelines")
        let scenes = try shippedScenes()
        let result = run(["run", "--jobs", "2", "--timeline", target] + scenes)
        #expect(result.status == 0, "\(result.errors)")
        for scene in scenes {
            let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
            let page = try WrittenTimeline(contentsOf: target + "/" + name + ".html")
            #expect(page.text.hasSuffix("</html>\n"))
            #expect(page.text.contains("<p class=\"meta\">\(scene) · "))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: target)
        #expect(!left.contains { $0.hasSuffix(".partial") })
        // One scene given twice, run at once: each run writes a whole page
        // of its own, and one of them is kept.
        let twice = folder.path("twice")
        let both = run(["run", "--jobs", "2", "--timeline", twice, Self.failing, Self.failing])
        #expect(both.status == ExitStatus.failedExpectation, "\(both.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: twice) == ["failing-expectation.html"])
        let kept = try WrittenTimeline(contentsOf: twice + "/failing-expectation.html")
        #expect(kept.rows("x").count == 8)
        #expect(kept.text.hasSuffix("</html>\n"))
        // One scene and an existing folder: the page goes in it by name.
        let one = run(["run", "--timeline", target, Self.failing])
        #expect(one.status == ExitStatus.failedExpectation)
        #expect(FileManager.default.fileExists(atPath: target + "/failing-expectation.html"))
    }

    @Test func aTimelineThatCannotNameItsPagesIsAUsageError() throws {
        let folder = try temporaryFolder()
        let scenes = try shippedScenes()
        let file = run(["run", "--timeline", folder.path("out.html")] + scenes)
        #expect(file.status == ExitStatus.usage)
        #expect(file.errors.contains("--timeline names a folder when several scenes run"))
        #expect(file.output.isEmpty)
        let copy = folder.url("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: scenes[0],
            toPath: copy.appendingPathComponent(URL(fileURLWithPath: scenes[0]).lastPathComponent).path)
        let same = run([
            "run", "--timeline", folder.path("pages"), scenes[0],
            copy.appendingPathComponent(URL(fileURLWithPath: scenes[0]).lastPathComponent).path,
        ])
        #expect(same.status == ExitStatus.usage)
        #expect(same.errors.contains("would both write"))
        let empty = run(["run", "--timeline", "", scenes[0]])
        #expect(empty.status == ExitStatus.usage)
    }

    @Test func aPageThatCannotBeWrittenIsAnErrorAfterTheTranscript() throws {
        let folder = try temporaryFolder()
        let page = folder.path("missing/out.html")
        let scene = packagePath("Scenes/video-player.yaml")
        let result = run(["run", scene, "--timeline", page])
        #expect(result.status == ExitStatus.outputFailed)
        #expect(result.errors.contains("Error: could not write the timeline '\(page)': No such file or directory"))
        #expect(result.output.contains("== Video player controls"))
        #expect(result.output.hasSuffix("34 passed, 0 failed\n"))
        // A failing scene: the failed output says more than the failed expectation.
        let failing = run(["run", Self.failing, "--timeline", page])
        #expect(failing.status == ExitStatus.outputFailed)
        #expect(failing.output.contains("FAILED"))
        // A folder that cannot be made.
        let blocked = folder.url("file")
        try Data().write(to: blocked)
        let folderResult = run(["run", "--timeline", blocked.path + "/pages", scene, Self.failing])
        #expect(folderResult.status == ExitStatus.outputFailed)
        #expect(folderResult.errors.contains("could not make the timeline folder"))
        #expect(folderResult.output.contains("== 2 scenes"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file"])
    }

    @Test func anInvalidSceneWritesNoTimeline() throws {
        let folder = try temporaryFolder()
        let page = folder.path("mistakes.html")
        let result = run(["run", packagePath("Examples/mistakes.yaml"), "--timeline", page])
        #expect(result.status == ExitStatus.invalidScene)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // With a valid one beside it, only the valid one's page is written.
        let pages = folder.path("pages")
        let both = run(["run", "--timeline", pages, packagePath("Examples/mistakes.yaml"), Self.failing])
        #expect(both.status == ExitStatus.invalidScene)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pages) == ["failing-expectation.html"])
    }

    /// Chromium from Debian's `chromium` or `chromium-headless-shell`
    /// package, when installed; .ci/run installs it, so there the page is
    /// also opened and drawn. Without it the test is skipped, and says so.
    static let chromium: String? = [
        "/usr/bin/chromium", "/usr/bin/chromium-headless-shell", "/usr/bin/chromium-browser",
    ]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What the page's script drew in the timeline's SVG (not the legend's
    /// fixed shapes): the DOM of `page` once Chromium has run the script,
    /// with every connection sent to a closed local port; fails on a script
    /// error.
    private func dom(of page: String, in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation)
        throws
        -> String
    {
        let chromium = try runExecutable(
            URL(fileURLWithPath: try #require(Self.chromium)),
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=\(folder.path("profile"))", "--proxy-server=127.0.0.1:9",
                "--proxy-bypass-list=<-loopback>", "--enable-logging=stderr", "--v=0", "--dump-dom", "file://\(page)",
            ],
            timeout: .seconds(300))
        let dom = chromium.output
        #expect(chromium.status == 0, sourceLocation: sourceLocation)
        let errors = chromium.errors.split(separator: "\n").filter { $0.contains("Uncaught") }
        #expect(errors.isEmpty, "the page's script failed: \(errors)", sourceLocation: sourceLocation)
        let plot = try #require(dom.range(of: "<svg id=\"plot\""), sourceLocation: sourceLocation)
        let end = try #require(
            dom.range(of: "</svg>", range: plot.upperBound..<dom.endIndex), sourceLocation: sourceLocation)
        return String(dom[plot.lowerBound..<end.upperBound])
    }

    @Test(.enabled(if: chromium != nil, "needs Chromium (apt-get install chromium) to open the page"))
    func chromiumDrawsTheFailureWithItsHoverTextAndNoNetwork() throws {
        let folder = try temporaryFolder()
        let page = folder.path("failing.html")
        _ = run(["run", Self.failing, "--timeline", page])
        let dom = try dom(of: page, in: folder)
        let place = "\(Self.failing):\(try line(of: "wrong on purpose", in: Self.failing) + 1):"
        #expect(dom.contains(#"<path class="mk fail""#))
        #expect(
            dom.contains(
                "<title>✗ expect controls.hidden == true: FAILED at 1.100s\nexpected true, actual false\n\(place)"))
        #expect(dom.contains(#"<circle class="mk pass""#))
        #expect(dom.contains(#"class="lane-name" x="4""#))
        for object in ["controls", "caption", "timeout", "backgroundTap"] {
            #expect(dom.contains(">\(object)<title>\(object)</title></text>"), "no lane for \(object)")
        }
    }

    @Test(.enabled(if: chromium != nil, "needs Chromium (apt-get install chromium) to open the page"))
    func customPlayersTimelineOpensWithNoNetwork() throws {
        let folder = try temporaryFolder()
        let page = folder.path("custom-player.html")
        let result = run(["run", packagePath("Scenes/custom-player.yaml"), "--timeline", page])
        #expect(result.status == 0, "\(result.errors)")
        let timeline = try WrittenTimeline(contentsOf: page)
        let dom = try dom(of: page, in: folder)
        for object in timeline.laneObjects {
            #expect(dom.contains(">\(object)<title>\(object)</title></text>"), "no lane for \(object)")
        }
        #expect(dom.contains(#"<circle class="mk pass""#))
        #expect(!dom.contains(#"class="mk fail""#))
    }

    @Test(.enabled(if: chromium != nil, "needs Chromium (apt-get install chromium) to open the page"))
    func chromiumDrawsEveryKindOfEntry() throws {
        let folder = try temporaryFolder()
        var page = ""
        let writer = TimelineWriter { page += $0 }
        let header = Transcript.Header(title: "Every kind", file: "every.yaml", objectCount: 3)
        writer.begin(header)
        let kinds: [(Double, Transcript.Kind)] = [
            (0, .note("all of them")),
            (0, .step(verb: "call", text: "door.open 2")),
            (0, .step(verb: "tap", text: "button")),
            (0, .ignored(verb: "tap", target: "button", reason: "it is hidden")),
            (0, .event(object: "button", event: "tapped", payload: .int(1))),
            (
                0,
                .change(object: "door", property: "angle", from: .double(0), to: .double(0.5), isAnimationFrame: false)
            ),
            (0.5, .step(verb: "wait", text: "1s")),
            (
                0.6,
                .change(
                    object: "door", property: "tint", from: .color(.black), to: .color(.white), isAnimationFrame: true)
            ),
            (
                0.616,
                .change(
                    object: "door", property: "tint", from: .color(.white), to: .color(.lightGray),
                    isAnimationFrame: true)
            ),
            (0.7, .change(object: "door", property: "label", from: .null, to: .string(""), isAnimationFrame: false)),
            (
                0.8,
                .change(
                    object: "door", property: "items", from: .list([]), to: .list([.int(1)]), isAnimationFrame: false)
            ),
            (1, .failure(object: "store", message: "could not save")),
            (
                1.5,
                .expectation(
                    path: "door.angle", expected: .equal(.double(0.5)), actual: .double(0.5), passed: true,
                    position: .start)
            ),
            (
                1.5,
                .expectation(
                    path: "door.open", expected: .equal(.bool(true)), actual: .bool(false), passed: false,
                    position: .start)
            ),
            (1.5, .step(verb: "set", text: "door.angle = 1")),
            (2, .error("a runaway timer loop", position: .start)),
        ]
        var summary = Transcript.Summary(header: header)
        for (time, kind) in kinds {
            let entry = Transcript.Entry(time: .milliseconds(Int64(time * 1000)), kind: kind)
            writer.record(entry)
            summary.count(kind)
        }
        summary.endTime = .seconds(2)
        writer.end(summary)
        let path = folder.path("every.html")
        try page.write(toFile: path, atomically: true, encoding: .utf8)
        let dom = try dom(of: path, in: folder)
        for drawn in [
            #"class="mk pass""#, #"class="mk fail""#, #"class="mk event""#, #"class="mk input""#, #"class="mk call""#,
            #"class="mk ignored ring""#, #"class="mk failure""#, #"class="note-flag""#, #"class="wait""#,
            #"class="step-tick""#, #"class="num-line""#, #"class="fail-guide""#,
        ] {
            #expect(dom.contains(drawn), "\(drawn) was not drawn")
        }
        #expect(dom.contains("<title>store failed: could not save\nat 1.000s</title>"))
        #expect(dom.contains("<title>error: a runaway timer loop\nat 2.000s\nevery.yaml:1:1</title>"))
        // An input and its object ignoring it share a mark and its hover text.
        #expect(
            dom.contains("<title>tap button\nat 0.000s\n\nbutton ignored 'tap' because it is hidden\nat 0.000s</title>")
        )
        // Both problems are listed in the summary, and the chips count them.
        #expect(page.contains("<span class=\"chip fail\">1 failure of an object</span>"))
        #expect(page.contains("<span class=\"chip fail\">stopped by an error</span>"))
    }
}
