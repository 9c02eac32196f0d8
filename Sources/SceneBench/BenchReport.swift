/// The table and the target checks, as text.
///
///     print(BenchReport(results: results, repetitions: 7).text)
struct BenchReport {
    /// One measurement per size, in the order run.
    let results: [SizeMeasurement]
    /// Timed repetitions per size.
    let repetitions: Int

    /// The largest full-load-to-raw-parse ratio allowed.
    static let maxRatio = 2.0
    /// The largest growth of the full load from 10,000 to 100,000 objects.
    static let maxGrowth = 11.0
    /// The largest peak memory growth allowed, in multiples of the file size.
    static let maxPeakPerFile = 10.0

    /// One target and whether it was met (`nil`: not measured in this run).
    struct Check {
        let description: String
        let isMet: Bool?
        let detail: String
    }

    /// The checks of the three targets.
    var checks: [Check] {
        let ratios = results.map { ($0.objects, $0.loadNanoseconds / $0.rawNanoseconds) }
        let worstRatio = ratios.max { $0.1 < $1.1 }
        let ratioCheck = Check(
            description: "full load within \(Format.fixed(Self.maxRatio, 0))x of raw parse at every size",
            isMet: worstRatio.map { $0.1 <= Self.maxRatio },
            detail: worstRatio.map { "worst \(Format.fixed($0.1, 2))x at \($0.0) objects" } ?? "")

        let growthCheck: Check
        let tenThousand = results.first { $0.objects == 10_000 }
        let hundredThousand = results.first { $0.objects == 100_000 }
        if let small = tenThousand, let large = hundredThousand {
            let growth = large.loadNanoseconds / small.loadNanoseconds
            let rawGrowth = large.rawNanoseconds / small.rawNanoseconds
            growthCheck = Check(
                description: "linear growth: 100k full load at most \(Format.fixed(Self.maxGrowth, 0))x the 10k one",
                isMet: growth <= Self.maxGrowth,
                detail: "\(Format.fixed(growth, 2))x; raw parse \(Format.fixed(rawGrowth, 2))x")
        } else {
            growthCheck = Check(
                description: "linear growth: 100k full load at most \(Format.fixed(Self.maxGrowth, 0))x the 10k one",
                isMet: nil, detail: "needs sizes 10000 and 100000")
        }

        let peaks = results.map { ($0.objects, Double($0.peakGrowthBytes) / Double($0.fileBytes)) }
        let worstPeak = peaks.max { $0.1 < $1.1 }
        let peakCheck = Check(
            description: "peak memory under \(Format.fixed(Self.maxPeakPerFile, 0))x the file size at every size",
            isMet: worstPeak.map { $0.1 < Self.maxPeakPerFile },
            detail: worstPeak.map { "worst \(Format.fixed($0.1, 2))x at \($0.0) objects" } ?? "")
        return [ratioCheck, growthCheck, peakCheck]
    }

    /// Whether no measured target was missed.
    var allTargetsMet: Bool { checks.allSatisfy { $0.isMet != false } }

    /// The report.
    var text: String {
        var table = TextTable(
            header: [
                "objects", "file MB", "events", "raw parse ms", "full load ms", "full/raw", "MB/s", "release ms",
                "peak MB", "peak/file",
            ])
        var memory = TextTable(
            header: [
                "objects", "file MB", "peak MB", "peak/file", "ru_maxrss MB", "document MB", "document/file",
                "scene MB",
            ])
        for result in results {
            let fileMB = Double(result.fileBytes) / 1e6
            let loadMilliseconds = result.loadNanoseconds / 1e6
            let megabytes = { (bytes: Int) in Format.fixed(Double(bytes) / 1e6, 1) }
            let perFile = { (bytes: Int) in Format.fixed(Double(bytes) / Double(result.fileBytes), 2) + "x" }
            table.add([
                "\(result.objects)",
                Format.fixed(fileMB, 3),
                "\(result.events)",
                Format.fixed(result.rawNanoseconds / 1e6, 2),
                Format.fixed(loadMilliseconds, 2),
                Format.fixed(result.loadNanoseconds / result.rawNanoseconds, 2) + "x",
                Format.fixed(fileMB / (loadMilliseconds / 1e3), 1),
                Format.fixed(result.releaseNanoseconds / 1e6, 2),
                megabytes(result.peakGrowthBytes),
                perFile(result.peakGrowthBytes),
            ])
            memory.add([
                "\(result.objects)", Format.fixed(fileMB, 3), megabytes(result.peakGrowthBytes),
                perFile(result.peakGrowthBytes), megabytes(result.maxRSSGrowthBytes),
                megabytes(result.documentPeakGrowthBytes), perFile(result.documentPeakGrowthBytes),
                megabytes(result.retainedGrowthBytes),
            ])
        }
        var phases = TextTable(
            header: [
                "objects", "raw parse", "YAML document", "document release", "validate", "rest of validate",
                "instantiate+wire+awake", "release scene", "full load",
            ])
        for result in results {
            let ms = { (nanoseconds: Double) in Format.fixed(nanoseconds / 1e6, 2) }
            let rest = result.validateNanoseconds - result.documentNanoseconds - result.documentReleaseNanoseconds
            phases.add([
                "\(result.objects)", ms(result.rawNanoseconds), ms(result.documentNanoseconds),
                ms(result.documentReleaseNanoseconds), ms(result.validateNanoseconds), ms(rest),
                ms(result.instantiateNanoseconds), ms(result.releaseNanoseconds), ms(result.loadNanoseconds),
            ])
        }
        let peakSources = Set(results.map(\.peakSource)).sorted().joined(separator: ", ")
        var lines = [
            "scene-bench: median of \(repetitions) repetitions after one warm-up; one child process per size",
            "",
            table.text,
            "",
            "raw parse   libyaml events only: initialize, set_input_string, parse + event_delete to the end, delete",
            "full load   SceneLoader.load(SceneSource(name:bytes:)): parse, validate, instantiate, wire, awake;",
            "            releasing the scene is not in it and is timed on its own (release ms)",
            "MB/s        file MB / full load time (MB = 10^6 bytes)",
            "peak MB     peak resident set during a load in a fresh child (after one unmeasured load and",
            "            malloc_trim) minus the resident set right before it (\(peakSources))",
            "",
            "memory (MB = 10^6 bytes):",
            "",
            memory.text,
            "",
            "ru_maxrss   getrusage's peak minus the same baseline: never reset, so it shows any higher earlier",
            "            peak; otherwise it matches VmHWM within the kernel's counter slack",
            "document    the same peak for YAMLDocumentReader.readDocument alone, the document still alive",
            "scene       resident growth with the loaded scene alive, after malloc_trim (includes fragmentation)",
            "",
            "where a load goes (medians in ms, each phase timed on its own):",
            "",
            phases.text,
            "",
            "YAML document     YAMLDocumentReader.readDocument: libyaml events to the document the loader reads",
            "validate          SceneLoader.validate: the document again, validation, releasing the document",
            "rest of validate  validate - YAML document - document release",
            "instantiate+...   SceneLoader.instantiate of the validated declaration",
            "",
            "targets:",
        ]
        for check in checks {
            let verdict =
                switch check.isMet {
                case true?: "PASS"
                case false?: "FAIL"
                case nil: "n/a "
                }
            lines.append("  [\(verdict)] \(check.description)" + (check.detail.isEmpty ? "" : " (\(check.detail))"))
        }
        return lines.joined(separator: "\n")
    }
}

/// A plain-text table with right-aligned columns.
struct TextTable {
    private var rows: [[String]]

    /// A table with a header row.
    init(header: [String]) {
        rows = [header]
    }

    /// Adds a row.
    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// The table, one line per row, with a rule under the header.
    var text: String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func render(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        var lines = [render(rows[0])]
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        lines.append(contentsOf: rows.dropFirst().map(render))
        return lines.joined(separator: "\n")
    }
}

/// Number formatting without Foundation.
enum Format {
    /// `value` with exactly `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let unit = Int(scale)
        let whole = scaled / unit
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let fraction = "\(scaled % unit)"
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
