import Foundation
import Testing

/// The README's examples are real: every block after `<!-- output: ARGS -->`
/// is what `scene-runner ARGS` prints, and every block after
/// `<!-- file: PATH -->` is that file. `scripts/update-readme.py` rewrites them.
@Suite struct ReadmeTests {
    struct Block: CustomTestStringConvertible, Sendable {
        var kind: String
        var argument: String
        var text: String
        var testDescription: String { "\(kind): \(argument)" }
    }

    static func blocks() throws -> [Block] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [Block] = []
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("<!-- "), line.hasSuffix(" -->"), let colon = line.firstIndex(of: ":") else {
                continue
            }
            let kind = String(line.dropFirst(5)[..<colon])
            let argument = line[line.index(after: colon)...].dropLast(4).trimmingCharacters(in: .whitespaces)
            guard lines.popFirst()?.hasPrefix("```") == true else { continue }
            var text = ""
            while let body = lines.popFirst(), body != "```" { text += body + "\n" }
            blocks.append(Block(kind: kind, argument: argument, text: text))
        }
        return blocks
    }

    @Test func theReadmeHasMarkedExamples() throws {
        let kinds = try Self.blocks().map(\.kind)
        #expect(kinds.filter { $0 == "output" }.count >= 4)
        #expect(kinds.contains("file"))
    }

    @Test(arguments: try blocks())
    func everyExampleIsWhatTheCommandPrints(_ block: Block) throws {
        switch block.kind {
        case "output":
            let result = try runSceneRunner(block.argument.split(separator: " ").map(String.init))
            #expect(result.output == block.text, "run scripts/update-readme.py after changing output")
        case "file":
            let text = try String(contentsOf: packageRoot.appendingPathComponent(block.argument), encoding: .utf8)
            #expect(text == block.text)
        default:
            Issue.record("unknown README marker '\(block.kind)'")
        }
    }
}
