import Foundation
import Testing

/// The README's examples are real: every block after `<!-- output: ARGS -->`
/// is what `scene-runner ARGS` prints, and every block after
/// `<!-- file: PATH -->` is that file. DocsTests checks them, with the other
/// documents' (see `DocsTests.everyMarkedBlockIsWhatItShows`);
/// `scripts/update-docs.py` rewrites them.
@Suite struct ReadmeTests {
    @Test func theReadmeHasMarkedExamples() throws {
        let kinds = try DocsTests.blocks(of: "README.md").flatMap(\.markers).map(\.kind)
        #expect(kinds.filter { $0 == "output" }.count >= 4)
        #expect(kinds.contains("file"))
    }
}
