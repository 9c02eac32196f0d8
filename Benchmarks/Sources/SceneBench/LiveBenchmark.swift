@_spi(Benchmarks) import SceneCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scene-bench --live`: how closely `scene-runner live` keeps to the real
/// clock.
///
///     swift run -c release scene-bench --live
///
/// - Timer lateness: 1,000 timers at random deadlines over about two
///   seconds, fired by a `RealTimeWaiter` waiting exactly as a live
///   session waits (on an input that stays silent); each timer's lateness
///   is the real time at its callback less its deadline. Target: a median
///   and 99th percentile within 2 ms on an idle machine.
/// - Input latency: `scene-runner live` (the root package's release
///   build) is sent 200 `tap:` lines 10 ms apart through a pipe; each latency is the time
///   from writing the line to reading the transcript's line for it back,
///   an upper bound of the time the input took to apply. Target: within
///   5 ms.
enum LiveBenchmark {
    static let usage = """
        USAGE: scene-bench --live

        Measures the live mode's timing: the lateness of 1,000 timers on the
        real clock, and the time from writing a line to scene-runner live's
        standard input to reading its transcript line back (200 lines).
        """

    static let timerCount = 1_000
    static let inputCount = 200

    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        if let argument = arguments.first {
            if argument == "-h" || argument == "--help" {
                print(usage)
                return 0
            }
            SceneBenchCommand.printError("scene-bench: unknown argument '\(argument)'\n\n\(usage)")
            return 64
        }
        let lateness: [Duration]
        do {
            lateness = try timerLateness()
        } catch {
            SceneBenchCommand.printError("scene-bench: the scheduler stopped: \(error)")
            return 1
        }
        print(line("timer lateness (\(timerCount) timers)", lateness, target: .milliseconds(2)))
        switch inputLatency() {
        case .success(let latency):
            print(line("input latency (\(inputCount) lines, write to transcript)", latency, target: .milliseconds(5)))
        case .failure(let failure):
            SceneBenchCommand.printError("scene-bench: \(failure.description)")
            return 1
        }
        return 0
    }

    /// `name: median M ms, p99 P ms, max X ms (target: ...)`.
    static func line(_ name: String, _ samples: [Duration], target: Duration) -> String {
        let sorted = samples.sorted()
        guard let last = sorted.last else { return "\(name): no samples" }
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        let verdict = p99 <= target ? "met" : "missed"
        return "\(name): median \(milliseconds(median)), p99 \(milliseconds(p99)), max \(milliseconds(last))"
            + " (target: p99 within \(milliseconds(target)), \(verdict))"
    }

    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let whole = microseconds / 1000
        let fraction = String(microseconds % 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }

    /// The lateness of each of ``timerCount`` timers.
    static func timerLateness() throws(VirtualSchedulerError) -> [Duration] {
        let scheduler = VirtualScheduler()
        let waiter = RealTimeWaiter(scheduler: scheduler)
        var lateness: [Duration] = []
        lateness.reserveCapacity(timerCount)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<timerCount {
            // Up to 2 s, in microseconds.
            let deadline = Duration.microseconds(Int64(random.next() % 2_000_000) + 10_000)
            scheduler.schedule(at: deadline) { lateness.append(waiter.elapsed - scheduler.now) }
        }
        var silent: [Int32] = [0, 0]
        guard pipe(&silent) == 0 else { return [] }
        defer {
            close(silent[0])
            close(silent[1])
        }
        // As the live loop: wait for the next deadline (at most 100 ms),
        // then fire what is due.
        var rounds = 0
        while !scheduler.isIdle && rounds < 10 * timerCount {
            rounds += 1
            try waiter.waitAndFire(watching: silent[0], upTo: .milliseconds(100))
        }
        return lateness
    }

    /// The time from writing each `tap:` line to reading its transcript line.
    static func inputLatency() -> Result<[Duration], ChildProcess.Failure> {
        let runner = CommandBenchmark.defaultRunner
        guard access(runner, X_OK) == 0 else {
            return .failure(
                ChildProcess.Failure(description: "no release scene-runner in the root package: \(runner)"))
        }
        var template = Array("/tmp/scene-bench-live-XXXXXX.yaml".utf8CString)
        let file = mkstemps(&template, 5)
        guard file >= 0 else { return .failure(ChildProcess.Failure(description: "cannot make a temporary scene")) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let scene = "scene: Taps\nobjects:\n  play: { type: Button, title: Play }\n"
        _ = scene.utf8CString.withUnsafeBytes { write(file, $0.baseAddress, $0.count - 1) }
        close(file)

        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        // Close-on-exec: the child holds only its own ends.
        guard ChildProcess.makePipe(&toChild), ChildProcess.makePipe(&fromChild) else {
            return .failure(ChildProcess.Failure(description: "pipe failed: errno \(errno)"))
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                runner, arguments: ["live", path], standardInput: toChild[0], standardOutput: fromChild[1])
        } catch {
            for end in toChild + fromChild { close(end) }
            return .failure(error)
        }
        close(toChild[0])
        close(fromChild[1])
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        // Reads until `count` lines ending in "  tap play" have come back.
        func readTaps(_ count: Int) -> Bool {
            var seen = 0
            while seen < count {
                let read = chunk.withUnsafeMutableBytes { Glibc.read(fromChild[0], $0.baseAddress, $0.count) }
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { return false }
                pending += chunk[0..<read]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    if String(decoding: pending[..<newline], as: UTF8.self).hasSuffix("  tap play") { seen += 1 }
                    pending.removeSubrange(...newline)
                }
            }
            return true
        }
        let line = Array("tap: play\n".utf8)
        var succeeded = true
        for _ in 0..<inputCount {
            let start = clock.now
            _ = line.withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
            guard readTaps(1) else {
                succeeded = false
                break
            }
            latencies.append(clock.now - start)
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            var remaining = timespec()
            _ = nanosleep(&pause, &remaining)
        }
        close(toChild[1])
        while chunk.withUnsafeMutableBytes({ Glibc.read(fromChild[0], $0.baseAddress, $0.count) }) > 0 {}
        close(fromChild[0])
        _ = child.wait()
        guard succeeded else {
            return .failure(ChildProcess.Failure(description: "scene-runner live stopped answering"))
        }
        return .success(latencies)
    }
}
