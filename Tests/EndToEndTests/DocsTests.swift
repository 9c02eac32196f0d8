import Foundation
import TestSupport
import Testing

/// The documentation is true: every complete scene in it checks (and, with a
/// script, runs green), every scene marked `<!-- invalid -->` is refused,
/// every marked output is what the command prints, and every relative link
/// leads to a file in the repository.
///
/// Markers are HTML comments on the lines right above a fenced block (they
/// may be stacked); `SCENE_UPDATE_DOCS=1 swift test --filter DocsTests`
/// rewrites the blocks they mark (``everyMarkedBlockIsWhatItShows(_:)``):
///
/// - `<!-- scene: NAME -->`: the block is a scene file called NAME, which
///   the document's outputs can name. `<!-- scene: NAME = BASE with this
///   script -->`: NAME is the scene BASE up to its `script:` line, followed
///   by this block.
/// - `<!-- output: ARGS -->`: the block is what `scene-runner ARGS` prints
///   (standard output and standard error), run in a folder that holds the
///   document's scenes and links to `Examples/` and `Scenes/`.
///   `<!-- output: ARGS | tail -N -->` (or `head -N`) shows the last (first)
///   N lines.
/// - `<!-- file: PATH -->`: the block is the repository's file PATH.
/// - `<!-- invalid -->`: the scene is refused by `check`.
@Suite struct DocsTests {
    /// A marker line: `<!-- KIND: ARGUMENT -->`, or `<!-- KIND -->`.
    struct Marker: Sendable, Equatable {
        var kind: String
        var argument: String
    }

    /// A fenced block of a document with the markers right above it.
    struct Block: Sendable {
        var document: String
        /// The line of the opening fence, from 1.
        var line: Int
        var language: String
        var markers: [Marker]
        var text: String

        func argument(of kind: String) -> String? { markers.first { $0.kind == kind }?.argument }
    }

    /// README.md and every document in docs/.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// Every fenced block of a document, with its markers.
    static func blocks(of document: String) throws -> [Block] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [Block] = []
        var markers: [Marker] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index]
            if line.hasPrefix("<!-- "), line.hasSuffix(" -->") {
                let inside = line.dropFirst(5).dropLast(4)
                let parts = inside.split(separator: ":", maxSplits: 1)
                markers.append(
                    Marker(
                        kind: String(parts[0]),
                        argument: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""))
                continue
            }
            guard line.hasPrefix("```") else {
                markers = []
                continue
            }
            let start = index
            var body = ""
            index += 1
            while index < lines.count, lines[index] != "```" {
                body += lines[index] + "\n"
                index += 1
            }
            blocks.append(
                Block(
                    document: document, line: start + 1, language: String(line.dropFirst(3)), markers: markers,
                    text: body))
            markers = []
        }
        return blocks
    }

    /// A document's `<!-- scene: NAME -->` files, by name.
    static func scenes(in blocks: [Block]) throws -> [String: String] {
        var scenes: [String: String] = [:]
        for block in blocks {
            guard let argument = block.argument(of: "scene") else { continue }
            var name = argument
            var text = block.text
            if let equals = argument.range(of: " = ") {
                name = String(argument[..<equals.lowerBound])
                let rest = argument[equals.upperBound...]
                let suffix = " with this script"
                try #require(rest.hasSuffix(suffix), "\(block.document):\(block.line): write 'NAME = BASE\(suffix)'")
                let baseName = String(rest.dropLast(suffix.count))
                let base = try #require(
                    scenes[baseName], "\(block.document):\(block.line): no scene '\(baseName)' above")
                var kept = ""
                for line in base.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                    if line.hasPrefix("script:") { break }
                    kept += line + "\n"
                }
                text = kept + text
            }
            #expect(scenes[name] == nil, "\(block.document):\(block.line): a second scene called '\(name)'")
            scenes[name] = text
        }
        return scenes
    }

    // MARK: Scenes

    /// A YAML block with a top-level `objects:` key: a complete scene.
    struct SceneBlock: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var text: String
        var isInvalid: Bool
        /// The document shows what `run` prints for it, so an output test
        /// checks its run, whether or not that is green.
        var runIsShown: Bool
        /// The repository file a `<!-- file: PATH -->` block shows: checked
        /// where it is, so that the components it includes are found.
        var repositoryFile: String? = nil
        var testDescription: String { "\(document):\(line)" }
    }

    static func sceneBlocks() throws -> [SceneBlock] {
        var scenes: [SceneBlock] = []
        for document in try documents() {
            let blocks = try blocks(of: document)
            let runs = blocks.compactMap { $0.argument(of: "output") }.map { $0.split(separator: " ") }
                .filter { $0.first == "run" }
            for block in blocks where block.language.hasPrefix("yaml") {
                guard block.text.hasPrefix("objects:") || block.text.contains("\nobjects:") else { continue }
                let name = block.argument(of: "scene")
                let runIsShown = name.map { name in runs.contains { $0.contains(Substring(name)) } } ?? false
                scenes.append(
                    SceneBlock(
                        document: document, line: block.line, text: block.text,
                        isInvalid: block.markers.contains { $0.kind == "invalid" }, runIsShown: runIsShown,
                        repositoryFile: block.argument(of: "file")))
            }
        }
        return scenes
    }

    @Test func theDocumentsHoldSceneExamples() throws {
        let blocks = try Self.sceneBlocks()
        #expect(blocks.count >= 10)
        #expect(blocks.contains { $0.isInvalid })
    }

    @Test(arguments: try sceneBlocks())
    func everySceneExampleChecksAndRunsAsItsDocumentSays(_ block: SceneBlock) throws {
        let folder = try temporaryFolder()
        let path =
            try block.repositoryFile.map { packageRoot.appendingPathComponent($0).path }
            ?? folder.write(block.text, to: "example.yaml")
        let check = try runSceneRunner(["check", path])
        if block.isInvalid {
            #expect(check.status == 2, "marked invalid, but it checks:\n\(check.output)")
            return
        }
        #expect(check.status == 0, "\(check.output)")
        if block.text.contains("\nscript:"), !block.runIsShown {
            let run = try runSceneRunner(["run", path])
            #expect(run.status == 0, "\(run.output)")
        }
    }

    // MARK: Outputs and files

    /// A block marked `output` or `file`, with its document's scenes.
    struct Example: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var marker: Marker
        var text: String
        var scenes: [String: String]
        var testDescription: String { "\(document):\(line) \(marker.kind): \(marker.argument)" }
    }

    static func examples() throws -> [Example] {
        try documents().flatMap(examples(of:))
    }

    /// The marked blocks of one document.
    static func examples(of document: String) throws -> [Example] {
        var examples: [Example] = []
        let blocks = try blocks(of: document)
        let scenes = try scenes(in: blocks)
        for block in blocks {
            for marker in block.markers where marker.kind == "output" || marker.kind == "file" {
                examples.append(
                    Example(document: document, line: block.line, marker: marker, text: block.text, scenes: scenes))
            }
        }
        return examples
    }

    @Test func theDocumentsShowRealOutputs() throws {
        let examples = try Self.examples()
        let outputs = examples.filter { $0.marker.kind == "output" }
        #expect(outputs.filter { $0.document == "docs/SceneFormat.md" }.count >= 20)
        #expect(outputs.contains { $0.marker.argument.contains(" | tail -") })
    }

    /// `ARGS`, or `ARGS | tail -N` / `ARGS | head -N`.
    static func command(_ argument: String) throws -> (arguments: [String], filter: String?, count: Int) {
        let parts = argument.components(separatedBy: " | ")
        let arguments = parts[0].split(separator: " ").map(String.init)
        guard parts.count > 1 else { return (arguments, nil, 0) }
        let filter = parts[1].split(separator: " ")
        try #require(parts.count == 2 && filter.count == 2, "only '| tail -N' and '| head -N' are supported")
        let count = try #require(Int(filter[1].dropFirst()), "'\(parts[1])' needs a line count")
        try #require(["tail", "head"].contains(filter[0]) && filter[1].hasPrefix("-"))
        return (arguments, String(filter[0]), count)
    }

    /// What `scene-runner ARGS` prints in a fresh folder that holds `scenes`
    /// and links to the repository's Examples/ and Scenes/.
    static func output(of argument: String, scenes: [String: String]) throws -> String {
        let (arguments, filter, count) = try command(argument)
        let folder = try temporaryFolder()
        for (name, text) in scenes {
            try folder.write(text, to: name)
        }
        for shared in ["Examples", "Scenes"] {
            try FileManager.default.createSymbolicLink(
                at: folder.url(shared), withDestinationURL: packageRoot.appendingPathComponent(shared))
        }
        let output = try runSceneRunner(arguments, in: folder.url).output
        guard let filter else { return output }
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
        lines[lines.count - 1].removeLast()
        if lines.last == "" { lines.removeLast() }
        return (filter == "tail" ? Array(lines.suffix(count)) : Array(lines.prefix(count))).joined()
    }

    /// What a marked block should hold: the command's output, or the file.
    static func expectedText(of example: Example) throws -> String {
        switch example.marker.kind {
        case "output":
            for file in try Self.command(example.marker.argument).arguments where file.hasSuffix(".yaml") {
                let inRepository = FileManager.default.fileExists(
                    atPath: packageRoot.appendingPathComponent(file).path)
                #expect(
                    example.scenes[file] != nil || inRepository,
                    "'\(file)' is neither a '<!-- scene: \(file) -->' of \(example.document) nor a repository file")
            }
            return try Self.output(of: example.marker.argument, scenes: example.scenes)
        default:
            return try String(
                contentsOf: packageRoot.appendingPathComponent(example.marker.argument), encoding: .utf8)
        }
    }

    /// `text` (a document) with the body of the block whose opening fence
    /// is at `line` (from 1), `old`, replaced by `new`, as the lines of a
    /// fenced block.
    static func replacing(_ line: Int, _ old: String, with new: String, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        var newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if new.hasSuffix("\n") { newLines.removeLast() }
        lines.replaceSubrange(line..<(line + oldLines), with: newLines)
        return lines.joined(separator: "\n")
    }

    /// Every block marked `output` or `file` holds what it shows. With
    /// `SCENE_UPDATE_DOCS=1`, the blocks that differ are rewritten instead:
    ///
    ///     swift build && SCENE_UPDATE_DOCS=1 swift test --filter DocsTests
    @Test(arguments: try documents())
    func everyMarkedBlockIsWhatItShows(_ document: String) throws {
        let file = GeneratedFile(document)
        var text = try #require(file.committed(), "\(document) is not UTF-8")
        // From the last block up, so that a rewritten block moves none of those left to do.
        for example in try Self.examples(of: document).reversed() {
            let expected = try Self.expectedText(of: example)
            guard expected != example.text else { continue }
            text = Self.replacing(example.line, example.text, with: expected, in: text)
            if !GeneratedFile.isUpdating {
                Issue.record(
                    "\(example.testDescription) is not what it shows:\n\(expected)",
                    sourceLocation: SourceLocation(
                        fileID: "EndToEndTests/\(document)", filePath: file.url.path, line: example.line, column: 1))
            }
        }
        #expect(try file.isCurrent(with: text), "\(file.advice(filter: "DocsTests"))")
    }

    // MARK: Links

    @Test(arguments: try documents())
    func everyRelativeLinkLeadsToAFileInTheRepository(_ document: String) throws {
        let url = packageRoot.appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("../shared"), "a user's clone has no ../shared")
        var rest = text[...]
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close])
            rest = rest[close...]
            if target.hasPrefix("http") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
            let file = String(target.split(separator: "#", maxSplits: 1).first ?? "")
            let resolved = url.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
            #expect(
                FileManager.default.fileExists(atPath: resolved.path),
                "\(document) links to \(target), which is missing")
            #expect(
                resolved.path.hasPrefix(packageRoot.standardizedFileURL.path), "\(document) links outside: \(target)")
        }
    }
}
