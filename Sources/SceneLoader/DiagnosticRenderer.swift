import SceneCore
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
        var fields: [(String, String)] = [
            ("type", JSON.string("diagnostic")),
            ("file", JSON.string((diagnostic.file ?? source).name)),
            ("line", String(diagnostic.span.start.line)),
            ("column", String(diagnostic.span.start.column)),
            ("endLine", String(diagnostic.span.end.line)),
            ("endColumn", String(diagnostic.span.end.column)),
            ("severity", JSON.string(diagnostic.severity.rawValue)),
            ("code", JSON.string(diagnostic.code.rawValue)),
            ("message", JSON.string(diagnostic.message)),
        ]
        if let hint = diagnostic.hint { fields.append(("hint", JSON.string(hint))) }
        if !diagnostic.notes.isEmpty {
            let notes = diagnostic.notes.map { note in
                JSON.object([
                    ("message", JSON.string(note.message)), ("line", String(note.position.line)),
                    ("column", String(note.position.column)),
                ])
            }
            fields.append(("notes", "[" + notes.joined(separator: ",") + "]"))
        }
        if !diagnostic.includedFrom.isEmpty {
            let inclusions = diagnostic.includedFrom.map { inclusion in
                JSON.object([
                    ("file", JSON.string(inclusion.file)), ("line", String(inclusion.position.line)),
                    ("column", String(inclusion.position.column)), ("instance", JSON.string(inclusion.instance)),
                ])
            }
            fields.append(("includedFrom", JSON.array(inclusions)))
        }
        return JSON.object(fields)
    }
}

/// Minimal JSON writing with a fixed key order, so that output is stable.
package enum JSON {
    /// `"text"` with JSON escapes.
    package static func string(_ text: String) -> String {
        SceneValue.quote(text) { control in
            let hex = String(control, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// A number, the shortest way that reads back exactly (`0.5`, `3`).
    package static func number(_ value: Double) -> String {
        value.isFinite ? SceneValue.format(value) : "null"
    }

    /// `{"key":value,...}` from already-encoded values, in the given order.
    package static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// `[value,...]` from already-encoded values.
    package static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }

    /// `true` or `false`.
    package static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// A scene value as the JSON value of its kind: `null`, `true`, numbers
    /// (a duration in seconds; an infinite or undefined number as the
    /// string `"inf"`, `"-inf"` or `"nan"`), strings (text, a colour as
    /// `#RRGGBBAA`, an enumeration case, an object's id), arrays and objects.
    package static func value(_ value: SceneValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let value): bool(value)
        case .int(let value): String(value)
        case .double(let value): finite(value)
        case .duration(let value): finite(value.seconds)
        case .string(let text), .enumCase(let text), .object(let text): string(text)
        case .color(let color): string(color.description)
        case .list(let values): array(values.map(Self.value))
        case .map(let pairs): object(pairs.map { ($0.key, Self.value($0.value)) })
        }
    }

    private static func finite(_ value: Double) -> String {
        if value.isFinite { return SceneValue.format(value) }
        return string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
    }

    /// A value type as an object: `{"kind":"bool"}`, `{"kind":"optional","wrapped":…}`,
    /// `{"kind":"list","element":…}`, `{"kind":"stringMap","value":…}`,
    /// `{"kind":"enum","name":…,"cases":[…]}`, `{"kind":"record","name":…,"fields":[{"name":…,"type":…}]}`.
    package static func valueType(_ type: ValueType) -> String {
        switch type {
        case .bool: object([("kind", string("bool"))])
        case .int: object([("kind", string("int"))])
        case .double: object([("kind", string("double"))])
        case .string: object([("kind", string("string"))])
        case .duration: object([("kind", string("duration"))])
        case .color: object([("kind", string("color"))])
        case .optional(let wrapped): object([("kind", string("optional")), ("wrapped", valueType(wrapped))])
        case .list(let element): object([("kind", string("list")), ("element", valueType(element))])
        case .stringMap(let value): object([("kind", string("stringMap")), ("value", valueType(value))])
        case .enumeration(let name, let cases):
            object([("kind", string("enum")), ("name", string(name)), ("cases", array(cases.map(string)))])
        case .record(let name, let fields):
            object([
                ("kind", string("record")), ("name", string(name)),
                ("fields", array(fields.map { object([("name", string($0.name)), ("type", valueType($0.type))]) })),
            ])
        }
    }
}
