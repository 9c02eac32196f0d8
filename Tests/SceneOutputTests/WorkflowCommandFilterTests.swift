import SceneOutput
import Testing

/// The rule that keeps text from becoming a GitHub Actions workflow
/// command: every line that, after its white space, starts with `::`, and
/// every `##[`, is broken, however the text is cut into writes.
@Suite struct WorkflowCommandFilterTests {
    /// `pieces` written one after another, then finished.
    static func filtered(
        _ pieces: [String], as dialect: WorkflowCommandFilter.Dialect = .text
    ) -> String {
        var filter = WorkflowCommandFilter()
        var bytes: [UInt8] = []
        for piece in pieces { filter.append(piece.utf8, as: dialect, into: &bytes) }
        filter.finish(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every piece of `text` one byte at a time.
    static func bytewise(_ text: String) -> String {
        var filter = WorkflowCommandFilter()
        var bytes: [UInt8] = []
        for byte in text.utf8 { filter.append([byte], as: .text, into: &bytes) }
        filter.finish(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a line of `text` (split at LF, CR and CRLF, as the runner
    /// reads it) is a workflow command.
    static func hasCommand(_ text: String) -> Bool {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.contains { line in
            line.drop { $0.isWhitespace }.hasPrefix("::") || line.contains("##[")
        }
    }

    static let hostile = [
        "::warning::x", "  ::add-mask::secret", "\t::stop-commands::token", "a\n::error::b", "a\r::error::b",
        "a\r\n  ::notice::b", "\u{A0}::warning::nbsp", "\u{3000}\u{2003}::warning::wide", "text ##[set-env name=a;]b",
        "###[x", ":::x", "\u{85}::warning::next-line",
    ]

    /// The texts are passed by their index: Swift Testing prints each
    /// argument raw in the run's output, where a CI log would take
    /// `::add-mask::secret` or `::stop-commands::token` as commands.
    @Test(arguments: hostile.indices) func noLineIsACommandHoweverTheTextIsCut(index: Int) {
        let text = Self.hostile[index]
        #expect(!Self.hasCommand(Self.filtered([text])), "\(Self.filtered([text]).debugDescription)")
        #expect(!Self.hasCommand(Self.bytewise(text)), "\(Self.bytewise(text).debugDescription)")
        #expect(Self.bytewise(text) == Self.filtered([text]))
    }

    @Test func aCommandSplitAcrossWritesIsCaughtAsOne() {
        #expect(Self.filtered(["ok\n  :", ":warning::x\n"]) == "ok\n  \\u{3A}:warning::x\n")
        #expect(Self.filtered(["a #", "#", "[b"]) == "a #\\u{23}[b")
        #expect(Self.filtered(["a\r", "::error::b"]) == "a\r\\u{3A}:error::b")
        // A white space character (U+3000) cut in two between writes.
        var filter = WorkflowCommandFilter()
        var bytes: [UInt8] = []
        for piece: [UInt8] in [[0xE3], [0x80], [0x80, 0x3A], [0x3A, 0x78]] {
            filter.append(piece, as: .text, into: &bytes)
        }
        filter.finish(into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{3000}\\u{3A}:x")
    }

    @Test func textThatIsNoCommandIsLeftAsItIs() {
        for text in ["a::b\n", "x: ::y\n", "## heading\n", "#[x]\n", ":x\n:\n", "time 1:2::3", "#", ":", "  :"] {
            #expect(Self.filtered([text]) == text)
            #expect(Self.bytewise(text) == text)
        }
    }

    @Test func eachDialectWritesTheCodeItsReaderTurnsBackIntoTheCharacter() {
        #expect(Self.filtered(["::a ##[b"], as: .text) == "\\u{3A}:a #\\u{23}[b")
        #expect(Self.filtered(["::a ##[b"], as: .json) == "\\u003A:a #\\u0023[b")
        #expect(Self.filtered(["::a ##[b"], as: .markup) == "&#58;:a #&#35;[b")
    }

    @Test func theRunnersOwnCommandStartsALineAndIsWrittenAsItIs() {
        var filter = WorkflowCommandFilter()
        var bytes: [UInt8] = []
        filter.append("partial".utf8, as: .text, into: &bytes)
        filter.command("::error file=a::b\n".utf8, into: &bytes)
        filter.append("::warning::x\n".utf8, as: .text, into: &bytes)
        filter.command("::endgroup::\n".utf8, into: &bytes)
        filter.finish(into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "partial\n::error file=a::b\n\\u{3A}:warning::x\n::endgroup::\n")
    }
}
