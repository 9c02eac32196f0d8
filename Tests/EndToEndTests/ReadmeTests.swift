import Foundation
import TestSupport
import Testing

/// The README is what a newcomer reads first: short, with a real scene and
/// its real transcript, the two commands, and a table of every document.
/// Its marked blocks (`<!-- output: ARGS -->`, `<!-- file: PATH -->`) are
/// checked with the other documents' by
/// `DocsTests.everyMarkedBlockIsWhatItShows`, which rewrites them under
/// `SCENE_UPDATE_DOCS=1` (`SCENE_UPDATE_DOCS=1 swift test --filter DocsTests`).
@Suite struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theReadmeIsAtMost400Lines() throws {
        let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 400, "the README has \(lines.count) lines; move reference material to docs/")
    }

    /// The first scene the README shows is a repository file, and the
    /// README shows what running it prints.
    @Test func theReadmeShowsASceneAndItsTranscript() throws {
        let blocks = try DocsTests.blocks(of: "README.md")
        let scene = try #require(blocks.first { $0.argument(of: "file")?.hasSuffix(".yaml") == true })
        let file = try #require(scene.argument(of: "file"))
        #expect(scene.text.contains("\nscript:"), "\(file) has no script to run")
        let outputs = blocks.compactMap { $0.argument(of: "output") }
        #expect(outputs.contains(file) || outputs.contains("run \(file)"), "no '<!-- output: \(file) -->' block")
        let transcript = try #require(blocks.first { $0.argument(of: "output") == file })
        #expect(transcript.text.contains("== 1 scene\n"))
        #expect(transcript.text.contains(" 0 failed\n"))
    }

    /// The two commands run a scene that exists, and the tests.
    @Test func theReadmeGivesTheTwoCommands() throws {
        let commands = try DocsTests.blocks(of: "README.md").map(\.text)
        let run = try #require(commands.first { $0.hasPrefix("swift run scene-runner ") })
        let file = String(run.dropFirst("swift run scene-runner ".count)).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(file).path), "\(file)")
        #expect(commands.contains("swift test\n"))
    }

    /// The catalogue shows the first lines of `types`: every registered
    /// type, and nothing of the protocols after them.
    @Test func theCatalogueListsEveryType() throws {
        let blocks = try DocsTests.blocks(of: "README.md")
        let catalogue = try #require(blocks.first { $0.argument(of: "output")?.hasPrefix("types | head -") == true })
        let shown = catalogue.text.split(separator: "\n").count
        let listed = try DocsTests.output(of: "types", scenes: [:]).split(
            separator: "\n", omittingEmptySubsequences: false)
        try #require(listed.count > shown)
        #expect(listed[shown].isEmpty, "a type is left out of the README's catalogue: '\(listed[shown])'")
        #expect(!catalogue.text.contains("Protocols"), "the catalogue runs past the types")
    }

    /// "Where to read next" links every document in docs/.
    @Test func theReadmeLinksEveryDocument() throws {
        let readme = try Self.readme()
        for document in try DocsTests.documents() where document.hasPrefix("docs/") {
            #expect(readme.contains("](\(document))"), "the README's table does not link \(document)")
        }
    }
}
