import SceneLoader

/// The JSON Lines records that `check` and `run` share. Every record
/// starts with `type`, then `file` when it is about one file.
enum Records {
    /// `{"type":"file","file":…,"valid":…,"title":…,"objects":…,"errors":…}`:
    /// ends a file's diagnostics; for `run`, it starts a valid file's transcript.
    static func file(_ name: String, title: String?, objects: Int, errors: Int) -> String {
        JSON.object([
            ("type", JSON.string("file")), ("file", JSON.string(name)), ("valid", JSON.bool(errors == 0)),
            ("title", title.map(JSON.string) ?? "null"), ("objects", String(objects)), ("errors", String(errors)),
        ])
    }

    /// `{"type":"totals","files":…,"valid":…,"invalid":…,"errors":…[,"passed":…,"failed":…],"status":…}`:
    /// the last record; `passed` and `failed` count expectations (`run` only).
    static func totals(_ totals: Totals, expectations: Bool, status: Int32) -> String {
        var fields = [
            ("type", JSON.string("totals")), ("files", String(totals.files)), ("valid", String(totals.valid)),
            ("invalid", String(totals.files - totals.valid)), ("errors", String(totals.errors)),
        ]
        if expectations { fields += [("passed", String(totals.passed)), ("failed", String(totals.failed))] }
        return JSON.object(fields + [("status", String(status))])
    }

    /// What a command counted over its files.
    struct Totals {
        var files = 0
        var valid = 0
        var errors = 0
        var passed = 0
        var failed = 0
    }

    /// The diagnostics that are mistakes, not the note that collecting stopped.
    static func errorCount(_ diagnostics: [Diagnostic]) -> Int {
        diagnostics.filter { $0.code != .tooManyDiagnostics }.count
    }
}
