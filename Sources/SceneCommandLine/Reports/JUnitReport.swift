import SceneCore
import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `run --junit FILE`: the run as a JUnit XML report, one `<testsuite>`
/// per scene file in the order of the files (whatever `--jobs` is), in a
/// `<testsuites>` that totals them (docs/CI.md says what maps to what).
///
/// The report is an ``OutputFile``: a path that is a scene or a component
/// being read is refused before anything runs, and the file is written
/// beside its target and renamed into place when whole. The suites are
/// kept on disk as they come (a ``ScratchFile``) until the totals that
/// open the report are known, so memory stays flat however long the run.
final class JUnitReport {
    private let target: OutputFile
    private let body = ScratchFile()
    private var tests = 0
    private var failures = 0
    private var errors = 0
    private var wallTime: Duration = .zero

    /// The plan for `path`, when the command reads `inputs` and writes
    /// timeline `pages`. Throws a usage failure for a path that is an
    /// input, a page, a folder or a block device.
    init(path: String, inputs: InputFiles, pages: [String] = []) throws(CommandFailure) {
        guard !path.isEmpty else {
            throw CommandFailure(message: "--junit needs a file name", status: ExitStatus.usage)
        }
        target = try OutputFile(path, option: "--junit", inputs: inputs)
        if let page = InputFiles(pages).file(matching: path) {
            throw CommandFailure(
                message: "--junit \(path) is also where --timeline writes '\(page)'; give the report another name",
                status: ExitStatus.usage)
        }
    }

    /// Adds a scene file's suite, after those added before it.
    func add(_ suite: JUnitSuite) {
        tests += suite.tests
        failures += suite.failures
        errors += suite.errors
        wallTime += suite.wallTime
        var opening = "  <testsuite name=\"\(MarkupText.attribute(suite.file))\" tests=\"\(suite.tests)\""
        opening += " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"0\""
        opening += " time=\"\(JUnitXML.seconds(suite.wallTime))\">\n"
        body.write(opening)
        body.write("    <properties>\n")
        for (name, value) in [
            ("title", suite.title), ("virtual-time", JUnitXML.seconds(suite.virtualTime)),
            ("wall-time", JUnitXML.seconds(suite.wallTime)),
        ] {
            body.write("      <property name=\"\(name)\" value=\"\(MarkupText.attribute(value))\"/>\n")
        }
        body.write("    </properties>\n")
        if let failure = suite.body.read({ body.write(bytes: $0) }) {
            body.write(
                "    <testcase name=\"the report keeps this scene's cases\" classname=\"scene-runner\">\n"
                    + "      <error type=\"report\" message=\"\(MarkupText.attribute(failure))\"/>\n    </testcase>\n")
        }
        body.write("  </testsuite>\n")
    }

    /// Writes the report and puts it in place; when it could not be
    /// written, the failure to exit with: ``ExitStatus/outputFailed``, or
    /// `status` when it is the invalid scene status, which says more.
    func finish(status: Int32) -> CommandFailure? {
        guard let reason = write() else { return nil }
        return CommandFailure(
            message: "could not write the JUnit report '\(target.path)': \(reason)",
            status: status == ExitStatus.invalidScene ? status : ExitStatus.outputFailed)
    }

    private func write() -> String? {
        makeFolder()
        let writer: OutputFileWriter
        switch target.open(as: .markup) {
        case .failure(let failure): return failure.reason
        case .success(let opened): writer = opened
        }
        writer.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        var opening = "<testsuites name=\"scene-runner\" tests=\"\(tests)\" failures=\"\(failures)\""
        opening += " errors=\"\(errors)\" skipped=\"0\" time=\"\(JUnitXML.seconds(wallTime))\">\n"
        writer.write(opening)
        if let reason = body.read({ writer.write(bytes: $0) }) {
            writer.abandon()
            return reason
        }
        writer.write("</testsuites>\n")
        return writer.finish()
    }

    /// Makes the report's folder when it is missing (one level, as
    /// `--timeline` does), so that `--junit reports/shard-1.xml` works in a
    /// fresh checkout.
    private func makeFolder() {
        guard let slash = target.target.lastIndex(of: "/") else { return }
        let folder = String(target.target[..<slash])
        guard !folder.isEmpty else { return }
        var information = stat()
        if stat(folder, &information) != 0 { _ = mkdir(folder, 0o777) }
    }
}
