import SceneCore
import SceneOutput
import SceneYAML

/// Renders diagnostics for people (like a compiler, with the source line and
/// a caret) or for tools (JSON Lines). All user-facing error text passes
/// through here.
///
///     Scenes/broken.yaml:14:11: error: unknown type 'TimoutController'
///        14 |     type: TimoutController
///           |           ^~~~~~~~~~~~~~~~
///           = help: did you mean 'TimeoutController'?
public enum DiagnosticRenderer {
    /// The diagnostic as text, ending with a newline.
    /// A diagnostic in a component is shown in the component's file, then
    /// each include that led there, nearest first, like a compiler's
    /// "included from" notes.
    public static func render(_ diagnostic: Diagnostic, in source: SceneSource) -> String {
        let source = diagnostic.file ?? source
        var text = header(source.name, diagnostic.position, diagnostic.severity.rawValue, diagnostic.message)
        text += snippet(source, diagnostic.span)
        if let hint = diagnostic.hint {
            text += margin + "= help: " + VisibleText.line(hint) + "\n"
        }
        for note in diagnostic.notes {
            text += header(source.name, note.position, "note", note.message)
            text += snippet(source, SourceSpan(at: note.position))
        }
        for inclusion in diagnostic.includedFrom {
            text += header(inclusion.file, inclusion.position, "note", "included here as '\(inclusion.instance)'")
        }
        return text
    }

    /// All diagnostics as text, in order.
    public static func render(_ diagnostics: [Diagnostic], in source: SceneSource) -> String {
        diagnostics.map { render($0, in: source) }.joined()
    }

    private static func header(_ name: String, _ position: SourcePosition, _ kind: String, _ message: String) -> String
    {
        VisibleText.line("\(name):\(position.line):\(position.column): \(kind): \(message)") + "\n"
    }

    /// The blank gutter under a line number.
    private static let margin = String(repeating: " ", count: 6)

    /// `   14 | `: the line number right-aligned in five columns.
    private static func gutter(_ line: Int) -> String {
        let number = String(line)
        return String(repeating: " ", count: max(0, 5 - number.count)) + number + " | "
    }

    /// How many characters of a long line are shown before the caret, and after it.
    static let contextBefore = 60
    static let contextAfter = 100

    /// The source line of `span`, with a caret and tildes under it. A long
    /// line is cut around the caret, with `…` where text is left out; only
    /// the shown part is read, so a diagnostic costs the same on any line.
    private static func snippet(_ source: SceneSource, _ span: SourceSpan) -> String {
        let bytes = source.bytes
        guard !bytes.isEmpty else { return "" }
        let offset = min(max(0, span.start.offset), bytes.count)
        // Back to the line's start, or `contextBefore` characters.
        var start = offset
        var before = 0
        while start > 0 && !LineBreaks.endsBefore(start, in: bytes) && before < contextBefore {
            start -= 1
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            before += 1
        }
        let isCutBefore = start > 0 && !LineBreaks.endsBefore(start, in: bytes)
        // On to the line's end, or `contextAfter` characters.
        var end = offset
        var after = 0
        while end < bytes.count && LineBreaks.length(in: bytes, at: end) == 0 && after < contextAfter {
            end += 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            after += 1
        }
        let isCutAfter = end < bytes.count && LineBreaks.length(in: bytes, at: end) == 0
        let shown = String(decoding: bytes[start..<end], as: UTF8.self)
        guard !shown.isEmpty || span.start.column == 1 else { return "" }
        var caretLine = isCutBefore ? " " : ""
        for character in String(decoding: bytes[start..<offset], as: UTF8.self).unicodeScalars {
            // Under a character shown by its code, as many spaces as the code is long.
            let width = VisibleText.isHidden(character) ? VisibleText.code(character).count : 1
            caretLine += character == "\t" ? "\t" : String(repeating: " ", count: width)
        }
        var length = 1
        if span.end.line == span.start.line && span.end.column > span.start.column {
            length = min(span.end.column - span.start.column, max(1, after))
        }
        caretLine += "^" + String(repeating: "~", count: length - 1)
        let bar = margin + "| "
        let line = (isCutBefore ? "…" : "") + VisibleText.line(shown) + (isCutAfter ? "…" : "")
        return gutter(span.start.line) + line + "\n" + bar + caretLine + "\n"
    }

    /// The diagnostic as one line of JSON:
    /// `{"type":"diagnostic","file":…,"line":…,"column":…,"endLine":…,"endColumn":…,"severity":…,"code":…,"message":…,"hint":…,"notes":[…],"includedFrom":[…]}`;
    /// in a component, `file` is the component's and `includedFrom` lists
    /// the includes that led there, nearest first, each
    /// `{"file":…,"line":…,"column":…,"instance":…}`.
    public static func json(_ diagnostic: Diagnostic, in source: SceneSource) -> String {
        let notes = diagnostic.notes.map { note in
            JSONValue.object([
                ("message", .string(note.message)), ("line", .int(note.position.line)),
                ("column", .int(note.position.column)),
            ])
        }
        let inclusions = diagnostic.includedFrom.map { inclusion in
            JSONValue.object([
                ("file", .string(inclusion.file)), ("line", .int(inclusion.position.line)),
                ("column", .int(inclusion.position.column)), ("instance", .string(inclusion.instance)),
            ])
        }
        return JSONValue.fields([
            ("type", .string("diagnostic")),
            ("file", .string((diagnostic.file ?? source).name)),
            ("line", .int(diagnostic.span.start.line)),
            ("column", .int(diagnostic.span.start.column)),
            ("endLine", .int(diagnostic.span.end.line)),
            ("endColumn", .int(diagnostic.span.end.column)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("code", .string(diagnostic.code.rawValue)),
            ("message", .string(diagnostic.message)),
            ("hint", diagnostic.hint.map(JSONValue.string)),
            ("notes", notes.isEmpty ? nil : .array(notes)),
            ("includedFrom", inclusions.isEmpty ? nil : .array(inclusions)),
        ]).compact
    }
}
