import Foundation
import Testing

/// The documentation is true: every complete scene in it checks (and, with a
/// script, runs green), every scene marked `<!-- invalid -->` is refused, and
/// every relative link leads to a file in the repository.
@Suite struct DocsTests {
    /// A YAML block of a document.
    struct SceneBlock: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var text: String
        var isInvalid: Bool
        var testDescription: String { "\(document):\(line)" }
    }

    /// README.md and every document in docs/.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// Every ```yaml block with a top-level `objects:` key: a complete scene.
    static func sceneBlocks() throws -> [SceneBlock] {
        var blocks: [SceneBlock] = []
        for document in try documents() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard lines[index].hasPrefix("```yaml") else { continue }
                let start = index
                var body = ""
                index += 1
                while index < lines.count, !lines[index].hasPrefix("```") {
                    body += lines[index] + "\n"
                    index += 1
                }
                guard body.hasPrefix("objects:") || body.contains("\nobjects:") else { continue }
                let isInvalid = start > 0 && lines[start - 1] == "<!-- invalid -->"
                blocks.append(SceneBlock(document: document, line: start + 1, text: body, isInvalid: isInvalid))
            }
        }
        return blocks
    }

    @Test func theDocumentsHoldSceneExamples() throws {
        let blocks = try Self.sceneBlocks()
        #expect(blocks.count >= 10)
        #expect(blocks.contains { $0.isInvalid })
    }

    @Test(arguments: try sceneBlocks())
    func everySceneExampleChecksAndRunsAsItsDocumentSays(_ block: SceneBlock) throws {
        let path = try temporaryScene(block.text, name: "example.yaml")
        let check = try runSceneRunner(["check", path])
        if block.isInvalid {
            #expect(check.status == 2, "marked invalid, but it checks:\n\(check.output)")
            return
        }
        #expect(check.status == 0, "\(check.output)")
        if block.text.contains("\nscript:") {
            let run = try runSceneRunner(["run", path])
            #expect(run.status == 0, "\(run.output)")
        }
    }

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
