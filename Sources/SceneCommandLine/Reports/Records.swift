import SceneCore
import SceneLoader
import SceneOutput

/// The JSON Lines records that `check` and `run` share. Every record
/// starts with `type`, then `file` when it is about one file.
package enum Records {
    /// `{"type":"file","file":…,"valid":…,"title":…,"objects":…,"errors":…,"warnings":…}`:
    /// ends a file's diagnostics; for `run`, it starts a valid file's
    /// transcript. A file is valid when it loads: no errors, and no
    /// warnings under `--warnings-as-errors`. Given `ids` (`check` gives
    /// them), a last field `ids` lists the objects' ids in file order, an
    /// instance's objects by path (`left.inner`): what a tool reading the
    /// scene needs without a YAML parser of its own.
    static func file(
        _ name: String, valid: Bool, title: String?, objects: Int, errors: Int, warnings: Int, ids: [String]? = nil
    ) -> String {
        var fields: [(String, JSONValue)] = [
            ("type", .string("file")), ("file", .string(name)), ("valid", .bool(valid)),
            ("title", .optional(title.map(JSONValue.string))), ("objects", .int(objects)), ("errors", .int(errors)),
            ("warnings", .int(warnings)),
        ]
        if let ids { fields.append(("ids", .array(ids.map(JSONValue.string)))) }
        return JSONValue.object(fields).compact
    }

    /// `{"type":"totals","files":…,"valid":…,"invalid":…,"errors":…,"warnings":…[,"passed":…,"failed":…],"status":…}`:
    /// the last record; `passed` and `failed` count expectations (`run` only).
    static func totals(_ totals: Totals, expectations: Bool, status: Int32) -> String {
        var fields: [(String, JSONValue)] = [
            ("type", .string("totals")), ("files", .int(totals.files)), ("valid", .int(totals.valid)),
            ("invalid", .int(totals.files - totals.valid)), ("errors", .int(totals.errors)),
            ("warnings", .int(totals.warnings)),
        ]
        if expectations { fields += [("passed", .int(totals.passed)), ("failed", .int(totals.failed))] }
        return JSONValue.object(fields + [("status", .int(Int(status)))]).compact
    }

    /// What a command counted over its files.
    struct Totals {
        var files = 0
        var valid = 0
        var errors = 0
        var warnings = 0
        var passed = 0
        var failed = 0
    }

    /// The diagnostics that are mistakes, not warnings nor the note that collecting stopped.
    static func errorCount(_ diagnostics: [Diagnostic]) -> Int {
        diagnostics.filter { $0.code != .tooManyDiagnostics && $0.severity == .error }.count
    }

    /// The warnings among `diagnostics`.
    static func warningCount(_ diagnostics: [Diagnostic]) -> Int {
        diagnostics.filter { $0.severity == .warning }.count
    }

    /// `2 errors, 1 warning`: the counts that are not zero.
    static func tally(errors: Int, warnings: Int) -> String {
        [(errors, "error"), (warnings, "warning")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    /// `3 objects`, `3 objects, 1 warning`: what a valid file's `ok` says.
    static func tally(objects: Int, warnings: Int) -> String {
        let counted = "\(objects) object\(objects == 1 ? "" : "s")"
        return warnings == 0 ? counted : counted + ", " + tally(errors: 0, warnings: warnings)
    }

    /// Writes why a scene could not be loaded to `output`: its diagnostics,
    /// then in text `NAME: N errors` (after `prefix`, such as `not run: `),
    /// in JSON the `file` record when `fileRecord`. The counts it wrote.
    @discardableResult
    package static func writeInvalid(
        _ error: SceneLoadError, name: String, format: OutputFormat, prefix: String = "", fileRecord: Bool = true,
        to output: any TextSink
    ) -> (errors: Int, warnings: Int) {
        let errors = errorCount(error.diagnostics)
        let warnings = warningCount(error.diagnostics)
        switch format {
        case .text:
            output.write(error.rendered)
            output.write("\(VisibleText.line(name)): \(prefix)\(tally(errors: errors, warnings: warnings))\n")
        case .json:
            for diagnostic in error.diagnostics {
                output.write(DiagnosticRenderer.json(diagnostic, in: error.source) + "\n")
            }
            if fileRecord {
                let record = file(name, valid: false, title: nil, objects: 0, errors: errors, warnings: warnings)
                output.write(record + "\n")
            }
        }
        return (errors, warnings)
    }
}
