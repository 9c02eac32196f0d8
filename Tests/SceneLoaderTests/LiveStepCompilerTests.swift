import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// The lines of a live session compile exactly as script steps, with
/// diagnostics on the session's line.
@Suite struct LiveStepCompilerTests {
    static let scene = "objects:\n  play: {type: Button}\n  volume: {type: Slider}\n"

    func compiler() throws -> LiveStepCompiler {
        var loader = SceneLoader(registry: .standard)
        loader.programName = "scene-runner"
        let declaration = try loader.validate(SceneSource(name: "s.yaml", text: Self.scene)).get()
        return LiveStepCompiler(loader: loader, declaration: declaration)
    }

    func diagnostics(_ outcome: LiveStepCompiler.Outcome) -> [Diagnostic] {
        if case .invalid(let diagnostics) = outcome { return diagnostics }
        return []
    }

    @Test func aLineCompilesToTheStepAScriptWouldHave() throws {
        let compiler = try compiler()
        guard case .step(let step) = compiler.compile("slide: { volume: 0.8 }", line: 4) else {
            Issue.record("no step")
            return
        }
        #expect(step.verb == "slide")
        #expect(step.span.start.line == 4)
        #expect(step.span.start.column == 1)
        guard case .input(let target, let input, let argument) = step.kind else {
            Issue.record("not an input: \(step.kind)")
            return
        }
        #expect(target == 1)
        #expect(input.name == "slide")
        #expect(argument == .double(0.8))
    }

    /// A typed line is performed whole before Ctrl-C is looked at again,
    /// so its aliases may expand to far less than a scene file's: 200
    /// copies of 8,000 bytes (1.6 MB, within a file's 16 MiB) are refused,
    /// 100 copies (0.8 MB) are read.
    @Test func aLinesAliasesExpandToAtMostAMebibyte() throws {
        let compiler = try compiler()
        func line(copies: Int) -> String {
            let text = String(repeating: "A", count: 8_000)
            let aliases = Array(repeating: "*x", count: copies).joined(separator: ", ")
            return "set: { play.title: &x \"\(text)\", play.accessibilityHint: [\(aliases)] }"
        }
        let refused = diagnostics(compiler.compile(line(copies: 200), line: 3))
        #expect(refused.count == 1)
        #expect(refused.first?.message.contains("aliases expand to more than 1048576 bytes") == true)
        let read = diagnostics(compiler.compile(line(copies: 100), line: 3))
        #expect(!read.contains { $0.message.contains("aliases expand") })
    }

    @Test func aMistakeIsPositionedOnTheSessionsLineWithTheScriptsHint() throws {
        let compiler = try compiler()
        let text = "tap: plya"
        let found = diagnostics(compiler.compile(text, line: 7))
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.span.start.line == 7)
        #expect(diagnostic.span.start.column == 6)
        #expect(diagnostic.hint == "did you mean 'play'?")
        let rendered = DiagnosticRenderer.render(found, in: compiler.source(of: text))
        #expect(
            rendered.hasPrefix(
                "<stdin>:7:6: error: no object has the id 'plya'\n    7 | tap: plya\n      |      ^~~~\n"))
    }

    @Test func anExpectationKeepsItsPositionOnTheLine() throws {
        let compiler = try compiler()
        guard case .step(let step) = compiler.compile("expect: { play.title: Go }", line: 2),
            case .expect(let expectations) = step.kind, let expectation = expectations.first
        else {
            Issue.record("no expectation")
            return
        }
        #expect(expectation.span.start.line == 2)
        #expect(expectation.span.start.column == 11)
    }

    @Test func waitAndAtAreRefusedWithAReason() throws {
        let compiler = try compiler()
        for (text, verb) in [("wait: 2s", "wait"), ("at: 10s", "at")] {
            let diagnostic = try #require(diagnostics(compiler.compile(text, line: 1)).first)
            #expect(diagnostic.message == "'\(verb)' has no place in a live session: real time passes by itself")
            #expect(diagnostic.span.start.column == 1)
        }
    }

    @Test func emptyLinesAndCommentsDoNothing() throws {
        let compiler = try compiler()
        for text in ["", "   ", "# just a comment"] {
            guard case .blank = compiler.compile(text, line: 1) else {
                Issue.record("'\(text)' is not blank")
                continue
            }
        }
    }

    @Test func aLineThatIsNotOneStepSaysWhatALineIs() throws {
        let compiler = try compiler()
        let notAStep = try #require(diagnostics(compiler.compile("play", line: 3)).first)
        #expect(notAStep.message == "a line must be a script step: a verb and its value")
        #expect(notAStep.span.start == SourcePosition(line: 3, column: 1, offset: 0))
        let several = try #require(diagnostics(compiler.compile("{tap: play, press: play}", line: 1)).first)
        #expect(several.message == "a line is one script step, with one verb")
        let yaml = try #require(diagnostics(compiler.compile("tap: [play", line: 5)).first)
        #expect(yaml.code == .yamlSyntax)
        #expect(yaml.span.start.line == 5)
    }
}
