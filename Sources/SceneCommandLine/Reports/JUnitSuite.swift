import SceneOutput

/// One scene file's `<testsuite>`, made while the scene ran: its counts
/// and times, and its `<testcase>` elements (with the `<system-out>` and
/// `<system-err>` after them) kept in a ``ScratchFile``. The report writes
/// the suite's opening tag, which carries the counts, and then these.
struct JUnitSuite: Sendable {
    /// The scene file, as the command line gave it.
    var file: String
    /// The scene's title (its file name when it has none, or when it did not load).
    var title: String
    var tests = 0
    var failures = 0
    var errors = 0
    /// The virtual time the script ended at (zero for a scene that did not load).
    var virtualTime: Duration = .zero
    /// How long the scene took on the wall clock, loading included.
    var wallTime: Duration = .zero
    /// The test cases and the suite's output, as XML.
    var body: ScratchFile
}
