import SceneBehaviours
import SceneLoader
import Testing

/// `snapshot: NAME` steps: a name that makes a file name, each used once.
@Suite struct SnapshotStepTests {
    static func rendered(_ script: String) -> String {
        let text = "objects:\n  field: {type: TextField}\nscript:\n\(script)"
        let source = SceneSource(name: "snap.yaml", text: text)
        return SceneLoader(registry: .standard).check(source).map { DiagnosticRenderer.render($0, in: source) }
            .joined()
    }

    @Test func aWellNamedSnapshotIsAccepted() {
        #expect(Self.rendered("  - snapshot: still\n  - wait: 1s\n  - snapshot: after-1s_2\n") == "")
    }

    @Test func aSnapshotNeedsAName() {
        let text = Self.rendered("  - snapshot: {a: 1}\n")
        #expect(text.contains("snap.yaml:4:15: error: 'snapshot' takes the name of a reference picture, not a mapping"))
        #expect(text.contains("help: write 'snapshot: shaking'"))
        #expect(Self.rendered("  - snapshot:\n").contains("'snapshot' takes the name of a reference picture"))
    }

    @Test(arguments: [
        "../escape", "a/b", ".hidden", "-dash", "with space", "name.svg", "é", String(repeating: "a", count: 101),
        "..", ".", "/", "",
    ])
    func aNameThatIsNotAPlainFileNameIsRefused(name: String) {
        let text = Self.rendered("  - snapshot: '\(name)'\n")
        #expect(text.contains("error: '\(name)' cannot name a snapshot: it becomes a file name"), "\(text)")
        #expect(text.contains("use up to 100 letters, digits, '-' and '_'"))
    }

    @Test func aLongestNameIsAccepted() {
        #expect(Self.rendered("  - snapshot: \(String(repeating: "a", count: 100))\n") == "")
    }

    @Test func aNameTakenTwiceIsRefusedAtTheSecondWithANoteAtTheFirst() {
        let text = Self.rendered("  - snapshot: still\n  - wait: 1s\n  - snapshot: still\n")
        #expect(
            text == """
                snap.yaml:6:15: error: the snapshot 'still' is taken twice in this script; each compares its own picture
                    6 |   - snapshot: still
                      |               ^~~~~
                      = help: give each snapshot step its own name, such as 'still-2'
                snap.yaml:4:15: note: 'snapshot: still' is first written here
                    4 |   - snapshot: still
                      |               ^

                """)
    }
}
