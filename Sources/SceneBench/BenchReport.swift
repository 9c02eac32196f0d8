/// The tables and the target checks, as text.
///
///     print(BenchReport(memory: memory, timing: timing).text)
///
/// Times are medians over the repetitions; every ratio is given as the
/// median of the ratios paired within each repetition (what the targets
/// check, since both sides of a pair ran seconds apart at most, in the same
/// phase of the host's load) with the ratio of the medians beside it.
struct BenchReport {
    /// One memory measurement per size, in the order of the sizes.
    let memory: [SizeMeasurement]
    /// The times of every size, from the timing child, in the same order.
    let timing: TimingResults

    /// The largest full-load-to-raw-parse ratio allowed.
    static let maxRatio = 2.0
    /// The size the growth target starts from.
    static let growthFrom = 10_000
    /// The size the growth target ends at.
    static let growthTo = 100_000
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

    /// The checks of the three targets: the time targets on the default
    /// loader's paired ratios, the one-thread ratio and the raw parse's
    /// growth shown beside them for information.
    var checks: [Check] {
        let ratios = timing.sizes.map { (objects: $0.objects, load: $0.loadRatio, oneThread: $0.oneThreadRatio) }
        let worst = ratios.max { $0.load.paired < $1.load.paired }
        let worstOneThread = ratios.max { $0.oneThread.paired < $1.oneThread.paired }
        var ratioDetail = ""
        if let worst, let worstOneThread {
            ratioDetail =
                "paired: worst \(Format.fixed(worst.load.paired, 2))x at \(worst.objects) objects, "
                + "ratio of medians \(Format.fixed(worst.load.ofMedians, 2))x; "
                + "one thread, not checked: worst \(Format.fixed(worstOneThread.oneThread.paired, 2))x "
                + "at \(worstOneThread.objects) objects"
        }
        let ratioCheck = Check(
            description: "full load within \(Format.fixed(Self.maxRatio, 0))x of raw parse at every size",
            isMet: worst.map { $0.load.paired <= Self.maxRatio },
            detail: ratioDetail)

        let growthDescription =
            "linear growth: 100k full load at most \(Format.fixed(Self.maxGrowth, 0))x the 10k one"
        let growthCheck: Check
        if let growth = timing.growth(\.loadNanoseconds, from: Self.growthFrom, to: Self.growthTo),
            let rawGrowth = timing.growth(\.rawNanoseconds, from: Self.growthFrom, to: Self.growthTo)
        {
            growthCheck = Check(
                description: growthDescription, isMet: growth.paired <= Self.maxGrowth,
                detail: "paired \(Format.fixed(growth.paired, 2))x, ratio of medians "
                    + "\(Format.fixed(growth.ofMedians, 2))x; raw parse paired \(Format.fixed(rawGrowth.paired, 2))x, "
                    + "ratio of medians \(Format.fixed(rawGrowth.ofMedians, 2))x")
        } else {
            growthCheck = Check(
                description: growthDescription, isMet: nil,
                detail: "needs sizes \(Self.growthFrom) and \(Self.growthTo)")
        }

        let peaks = memory.map { ($0.objects, Double($0.peakGrowthBytes) / Double($0.fileBytes)) }
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
        let ms = { (nanoseconds: Double) in Format.fixed(nanoseconds / 1e6, 2) }
        let megabytes = { (bytes: Int) in Format.fixed(Double(bytes) / 1e6, 1) }
        var times = TextTable(
            header: [
                "objects", "file MB", "events", "raw parse ms", "full load ms", "cpu ms", "1-thread ms", "release ms",
                "MB/s", "peak MB", "peak/file",
            ])
        var ratios = TextTable(header: ["objects", "full/raw", "cpu/raw", "1-thread/raw", "2nd-thread raw/raw"])
        var memoryTable = TextTable(
            header: [
                "objects", "file MB", "peak MB", "peak/file", "ru_maxrss MB", "document MB", "document/file",
                "scene MB",
            ])
        var phases = TextTable(
            header: [
                "objects", "raw parse", "YAML document", "document release", "validate", "rest of validate",
                "instantiate+wire+awake", "release scene", "1-thread load",
            ])
        for (result, sizeTimes) in zip(memory, timing.sizes) {
            let fileMB = Double(result.fileBytes) / 1e6
            let perFile = { (bytes: Int) in Format.fixed(Double(bytes) / Double(result.fileBytes), 2) + "x" }
            let raw = sizeTimes.median(\.rawNanoseconds)
            let load = sizeTimes.median(\.loadNanoseconds)
            let oneThreadLoad = sizeTimes.median(\.oneThreadLoadNanoseconds)
            let release = sizeTimes.median(\.releaseNanoseconds)
            times.add([
                "\(result.objects)", Format.fixed(fileMB, 3), "\(result.events)", ms(raw), ms(load),
                ms(sizeTimes.median(\.loadCPUNanoseconds)), ms(oneThreadLoad), ms(release),
                Format.fixed(fileMB / (load / 1e9), 1), megabytes(result.peakGrowthBytes),
                perFile(result.peakGrowthBytes),
            ])
            ratios.add([
                "\(result.objects)", sizeTimes.loadRatio.text, sizeTimes.cpuRatio.text, sizeTimes.oneThreadRatio.text,
                sizeTimes.secondThreadRatio.text,
            ])
            memoryTable.add([
                "\(result.objects)", Format.fixed(fileMB, 3), megabytes(result.peakGrowthBytes),
                perFile(result.peakGrowthBytes), megabytes(result.maxRSSGrowthBytes),
                megabytes(result.documentPeakGrowthBytes), perFile(result.documentPeakGrowthBytes),
                megabytes(result.retainedGrowthBytes),
            ])
            let document = sizeTimes.median(\.documentNanoseconds)
            let documentRelease = sizeTimes.median(\.documentReleaseNanoseconds)
            let validate = sizeTimes.median(\.validateNanoseconds)
            phases.add([
                "\(result.objects)", ms(raw), ms(document), ms(documentRelease), ms(validate),
                ms(validate - document - documentRelease), ms(sizeTimes.median(\.instantiateNanoseconds)),
                ms(release), ms(oneThreadLoad),
            ])
        }
        var growth = TextTable(header: ["growth \(Self.growthFrom) -> \(Self.growthTo) objects", "paired (medians)"])
        let growthFigures: [(String, KeyPath<TimingSample, Double>)] = [
            ("full load", \.loadNanoseconds), ("cpu", \.loadCPUNanoseconds),
            ("1-thread load", \.oneThreadLoadNanoseconds),
            ("raw parse", \.rawNanoseconds),
        ]
        for (name, figure) in growthFigures {
            guard let ratio = timing.growth(figure, from: Self.growthFrom, to: Self.growthTo) else { continue }
            growth.add([name, ratio.text])
        }
        let hasGrowth = timing.growth(\.loadNanoseconds, from: Self.growthFrom, to: Self.growthTo) != nil

        let peakSources = Set(memory.map(\.peakSource)).sorted().joined(separator: ", ")
        var lines = [
            "scene-bench: times: median of \(timing.repetitions) repetitions after one warm-up round, all sizes "
                + "interleaved in one child process",
            "             ratios: median of the ratios within each repetition (the targets check it); "
                + "(ratio of the medians)",
            "             memory: one child process per size",
            "",
            times.text,
            "",
            "raw parse   libyaml events only: initialize, set_input_string, parse + event_delete to the end, delete",
            "full load   SceneLoader.load(SceneSource(name:bytes:)) with the default loader (pipelining automatic:",
            "            libyaml on a second thread from 32 KiB): parse, validate, instantiate, wire, awake;",
            "            releasing the scene is not in it and is timed on its own (release ms)",
            "cpu         process CPU time of that full load, both threads (clock_gettime(CLOCK_PROCESS_CPUTIME_ID))",
            "1-thread    the same full load with pipelining = .off: everything on the calling thread",
            "            (the two full loads swap order from one repetition to the next)",
            "MB/s        file MB / full load time (MB = 10^6 bytes)",
            "peak MB     peak resident set during a load in a fresh child (after one unmeasured load and",
            "            malloc_trim) minus the resident set right before it (\(peakSources))",
            "",
            "ratios to the raw parse of the same repetition: paired median (ratio of the medians):",
            "",
            ratios.text,
            "",
            "full/raw      full load (default loader) / raw parse: the 2x target",
            "cpu/raw       CPU time of that full load / raw parse time: the work the load does, in raw parses",
            "1-thread/raw  full load on one thread / raw parse (information, not checked)",
            "2nd-thread    the raw parse on the loader's parsing thread / the raw parse: how the CPU the load parses",
            "raw/raw       on compared in that repetition (information; the two virtual CPUs of a shared host",
            "              need not run at one speed, and the full load's parse runs on the second)",
            "",
        ]
        if hasGrowth {
            lines += [
                "growth, the same figure at \(Self.growthTo) over \(Self.growthFrom) objects in the same repetition: "
                    + "paired median (ratio of the medians):",
                "",
                growth.text,
                "",
            ]
        }
        lines += [
            "memory (MB = 10^6 bytes):",
            "",
            memoryTable.text,
            "",
            "ru_maxrss   getrusage's peak minus the same baseline: never reset, so it shows any higher earlier",
            "            peak; otherwise it matches VmHWM within the kernel's counter slack",
            "document    the same peak for YAMLDocumentReader.readDocument alone, the document still alive",
            "scene       resident growth with the loaded scene alive, after malloc_trim (includes fragmentation)",
            "",
            "where a load goes (medians in ms, each phase timed on its own, on one thread: pipelining off):",
            "",
            phases.text,
            "",
            "YAML document     YAMLDocumentReader.readDocument: libyaml events to the document the loader reads",
            "validate          SceneLoader.validate: the document again, validation, releasing the document",
            "rest of validate  validate - YAML document - document release",
            "instantiate+...   SceneLoader.instantiate of the validated declaration",
            "release scene     releasing the scene of the default full load",
            "1-thread load     the full load on one thread, as in the first table",
            "",
            "targets (the time targets check the median of the paired ratios; the ratio of the medians is beside it):",
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
