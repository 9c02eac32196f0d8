import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// Every length and coordinate a scene writes or sets is within 100,000
/// points (docs/SceneFormat.md, "Limits"): beyond it `check` refuses the
/// value at its own line and column, written in an object, at the top
/// level or in a `set:` step, so that nothing drawn ever meets a frame
/// 1e21 points high.
@Suite struct GeometryLimitTests {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        SceneLoader(registry: .standard).check(SceneSource(name: "t.yaml", text: text))
    }

    /// Each written value and the place (line, column) where it is refused.
    static let cases: [(yaml: String, line: Int, column: Int, subject: String)] = [
        ("objects:\n  t: {type: View, frame: {x: 0, y: 0, width: 10, height: 1e21}}\n", 2, 58, "'frame.height'"),
        ("objects:\n  t: {type: View, frame: {x: -1e21, y: 0, width: 10, height: 10}}\n", 2, 30, "'frame.x'"),
        ("objects:\n  t: {type: View, frame: {x: 0, y: 100001, width: 10, height: 10}}\n", 2, 36, "'frame.y'"),
        ("objects:\n  t: {type: View, frame: {x: 0, y: 0, width: 100000.5, height: 10}}\n", 2, 46, "'frame.width'"),
        ("canvas: {width: 2040, height: 1e9}\nobjects:\n  t: {type: View}\n", 1, 31, "'canvas.height'"),
        ("objects:\n  t: {type: View, offsetX: 1e21}\n", 2, 28, "'offsetX'"),
        ("objects:\n  t: {type: View, offsetY: -1e21}\n", 2, 28, "'offsetY'"),
        ("objects:\n  t: {type: View, cornerRadius: 1e300}\n", 2, 33, "'cornerRadius'"),
        ("objects:\n  t: {type: View, layout: {axis: vertical, spacing: 1e21}}\n", 2, 53, "'layout.spacing'"),
        ("objects:\n  t: {type: View, layout: {axis: vertical, padding: 2e5}}\n", 2, 53, "'layout.padding'"),
        ("objects:\n  s: {type: ShakeAnimation, maxOffset: 1e21}\n", 2, 40, "'maxOffset'"),
        (
            "objects:\n  rows: {type: TableData}\n  t: {type: TableView, data: rows}\n"
                + "script:\n  - set: {t.frame: {x: 0, y: 0, width: 100, height: 1e21}}\n", 5, 53, "'t.frame.height'"
        ),
        ("objects:\n  t: {type: View}\nscript:\n  - set: {t.offsetX: -1e21}\n", 4, 22, "'t.offsetX'"),
    ]

    @Test(arguments: cases)
    func aValueBeyondTheLimitIsRefusedWhereItIsWritten(yaml: String, line: Int, column: Int, subject: String) {
        let found = diagnostics(yaml)
        #expect(found.count == 1, "\(found.map(\.message))")
        guard let diagnostic = found.first else { return }
        #expect(diagnostic.code == .valueOutOfRange)
        #expect(diagnostic.message.hasPrefix("\(subject) must be between "), "\(diagnostic.message)")
        #expect(diagnostic.message.contains("100000"), "\(diagnostic.message)")
        #expect(diagnostic.span.start.line == line && diagnostic.span.start.column == column, "\(diagnostic.span)")
    }

    @Test func theLimitItselfIsAccepted() {
        let yaml = """
            canvas: {width: 100000, height: 100000}
            objects:
              t: {type: View, frame: {x: -100000, y: 100000, width: 100000, height: 0}, offsetX: -100000}
              s: {type: ShakeAnimation, maxOffset: 100000}
              u: {type: View, cornerRadius: 100000, layout: {axis: horizontal, spacing: 100000, padding: 100000}}
            script:
              - set: {t.frame: {x: 100000, y: -100000, width: 0, height: 100000}}
            """
        #expect(diagnostics(yaml).map(\.message) == [])
    }
}
