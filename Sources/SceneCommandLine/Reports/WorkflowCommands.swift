import SceneCore
import SceneLoader
import SceneYAML

/// GitHub Actions' workflow commands, as `--format github` prints them:
/// `::error file=F,line=L,col=C,title=T::message`, `::warning ...`,
/// `::group::NAME` and `::endgroup::`.
///
/// Every string a scene can reach is escaped as the runner reads it back:
/// in the message (the command's data) `%` is `%25`, a carriage return
/// `%0D` and a line feed `%0A`; in a property (`file`, `title`) `:` is
/// `%3A` and `,` is `%2C` as well. The other control characters are shown
/// by their codes (``VisibleText``), as in the text output. Plain lines
/// (a transcript, a file's line) go through ``inert(_:)``, so that no
/// scene can issue a command of its own.
enum WorkflowCommands {
    /// How serious an annotation is.
    enum Level: String {
        case error, warning, notice
    }

    /// Where an annotation points: a file, and a position in it when known.
    struct Place {
        var file: String
        var line: Int?
        var column: Int?
        var endLine: Int?
        var endColumn: Int?

        init(file: String, position: SourcePosition? = nil) {
            self.file = file
            line = position?.line
            column = position?.column
        }
    }

    /// `::error file=F,line=L,col=C,title=T::message` and a line feed.
    static func annotation(_ level: Level, at place: Place, title: String, message: String) -> String {
        var properties = [("file", place.file)]
        if let line = place.line { properties.append(("line", String(line))) }
        if let column = place.column { properties.append(("col", String(column))) }
        if let endLine = place.endLine { properties.append(("endLine", String(endLine))) }
        if let endColumn = place.endColumn { properties.append(("endColumn", String(endColumn))) }
        properties.append(("title", title))
        let list = properties.map { "\($0.0)=\(property($0.1))" }.joined(separator: ",")
        return "::\(level.rawValue) \(list)::\(data(message))\n"
    }

    /// `::group::NAME` and a line feed: the lines up to ``endGroup`` fold under NAME.
    static func group(_ name: String) -> String { "::group::\(data(name))\n" }

    /// `::endgroup::` and a line feed.
    static let endGroup = "::endgroup::\n"

    /// `text` as a command's data: `%`, CR and LF percent-encoded, and the
    /// other control characters shown by their codes (`\u{1B}`).
    static func data(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default:
                if VisibleText.isHidden(scalar) {
                    result += VisibleText.code(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` as a command's property value: as ``data(_:)``, and `:` and
    /// `,` percent-encoded too.
    static func property(_ text: String) -> String {
        var result = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Lines of plain output (a transcript, rendered diagnostics, a file's
    /// line) that the runner cannot read as commands: a line that starts
    /// with `::` after its blanks (a command) has that first `:` written
    /// by its code, `\u{3A}:`, and every `##[` (the runner's older form of
    /// command, read anywhere in a line) is written `#\u{23}[`.
    static func inert(_ text: String) -> String {
        guard text.contains("::") || text.contains("##[") else { return text }
        var result = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { result += "\n" }
            let blanks = line.prefix { $0.isWhitespace }
            var rest = line[blanks.endIndex...]
            result += blanks
            if rest.hasPrefix("::") {
                result += VisibleText.code(":")
                rest = rest.dropFirst()
            }
            result += rest.replacing("##[", with: "#" + VisibleText.code("#") + "[")
        }
        return result
    }

    /// A diagnostic as an annotation on its span: its code as the title,
    /// its hint, notes and includes after the message.
    static func annotation(_ diagnostic: Diagnostic, in source: SceneSource) -> String {
        let file = (diagnostic.file ?? source).name
        var place = Place(file: file, position: diagnostic.span.start)
        if diagnostic.span.end != diagnostic.span.start {
            place.endLine = diagnostic.span.end.line
            place.endColumn = diagnostic.span.end.column
        }
        var message = diagnostic.message
        if let hint = diagnostic.hint { message += "\nhelp: \(hint)" }
        for note in diagnostic.notes { message += "\nnote: \(file):\(note.position): \(note.message)" }
        for inclusion in diagnostic.includedFrom {
            message += "\nnote: \(inclusion.file):\(inclusion.position): included here as '\(inclusion.instance)'"
        }
        let level: Level = diagnostic.severity == .error ? .error : .warning
        return annotation(level, at: place, title: diagnostic.code.rawValue, message: message)
    }

    /// Writes diagnostics as annotations, then their compiler-like text
    /// (with the source lines) folded in a group named `groupName`.
    static func write(
        _ diagnostics: [Diagnostic], in source: SceneSource, groupName: String, to output: any TextSink
    ) {
        guard !diagnostics.isEmpty else { return }
        for diagnostic in diagnostics { output.writeWorkflowCommand(annotation(diagnostic, in: source)) }
        output.writeWorkflowCommand(group(groupName))
        output.write(inert(DiagnosticRenderer.render(diagnostics, in: source)))
        output.writeWorkflowCommand(endGroup)
    }
}
