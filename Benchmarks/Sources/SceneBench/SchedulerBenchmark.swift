import SceneCore

/// `scene-bench --scheduler`: how fast the ``VirtualScheduler`` runs, in
/// wall time.
///
///     swift run -c release scene-bench --scheduler
///     swift run -c release scene-bench --scheduler --repetitions 9
///
/// Each figure is the median of the repetitions, after one warm-up:
/// - scheduled and fired: timers that each fire once and schedule the next,
///   with 1,000 pending at a time, at random delays (the hard case for the
///   queue) and at one period (timeouts and animation frames), their state
///   in an object and each timer a closure capturing only that object, the
///   way a behaviour schedules its timers; the random delays again with a
///   new closure of captured local variables for each timer (an
///   allocation per timer, and each variable reached through a box
///   checked for exclusive access); and
///   1,000,000 scheduled at random deadlines before one advance fires them
///   all (a deep queue, bound by memory);
/// - scheduled then cancelled: a timer scheduled and cancelled at once,
///   with 1,000 others pending (how behaviours restart timeouts).
///
/// The target is at least 6.5 million timers scheduled and fired a
/// second, checked on the random-delay figure.
enum SchedulerBenchmark {
    /// The usage of this mode.
    static let usage = """
        USAGE: scene-bench --scheduler [--repetitions N]

        Times the virtual scheduler (medians of N runs after one warm-up,
        default 7): timers scheduled and fired per second, and
        schedule-then-cancel per second.
        """

    /// One measured figure.
    struct Figure {
        var name: String
        var value: Double
        var unit: String
    }

    /// Timers fired in the steady-state run.
    static let steadyFirings = 2_000_000
    /// Timers in the deep-queue run.
    static let deepQueueTimers = 1_000_000
    /// Schedule-then-cancel pairs per run.
    static let cancelPairs = 2_000_000
    /// Timers pending meanwhile.
    static let background = 1_000

    /// Parses `arguments` (after `--scheduler`) and prints the figures;
    /// returns the exit status.
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        let repetitions: Int
        switch ModeArguments.repetitions(arguments, default: 7, usage: usage) {
        case .success(let count): repetitions = count
        case .failure(let exit): return exit.status
        }
        do {
            print(try report(repetitions: repetitions))
            return 0
        } catch {
            SceneBenchCommand.printError("scene-bench: the scheduler stopped: \(error)")
            return 1
        }
    }

    /// Runs every measurement and renders the table.
    static func report(repetitions: Int) throws(VirtualSchedulerError) -> String {
        let steady = try median(repetitions) { () throws(VirtualSchedulerError) in try steadyState() }
        let periodic = try median(repetitions) { () throws(VirtualSchedulerError) in try steadyState(period: true) }
        let captured = try median(repetitions) { () throws(VirtualSchedulerError) in try steadyStateCapturingLocals() }
        let deep = try median(repetitions) { () throws(VirtualSchedulerError) in try deepQueue() }
        let cancel = try median(repetitions) { () throws(VirtualSchedulerError) in try scheduleThenCancel() }
        let figures = [
            Figure(
                name: "scheduled and fired, 1,000 pending, random delays",
                value: Double(steadyFirings) / steady.seconds,
                unit: "timers/s"),
            Figure(
                name: "scheduled and fired, 1,000 pending, one period", value: Double(steadyFirings) / periodic.seconds,
                unit: "timers/s"),
            Figure(
                name: "the random delays, a new closure of locals each",
                value: Double(steadyFirings) / captured.seconds, unit: "timers/s"),
            Figure(
                name: "scheduled and fired, 1,000,000 queued, random", value: Double(deepQueueTimers) / deep.seconds,
                unit: "timers/s"),
            Figure(
                name: "scheduled then cancelled, 1,000 pending", value: Double(cancelPairs) / cancel.seconds,
                unit: "pairs/s"),
        ]
        var lines = ["Virtual scheduler (medians of \(repetitions) runs after a warm-up)"]
        let width = figures.map(\.name.count).max() ?? 0
        for figure in figures {
            let padding = String(repeating: " ", count: width - figure.name.count)
            let value = grouped(figure.value)
            lines.append("  \(figure.name)\(padding)  \(value) \(figure.unit)")
        }
        lines.append("  " + target(timersPerSecond: Double(steadyFirings) / steady.seconds).line)
        return lines.joined(separator: "\n")
    }

    /// The target: at least 6.5 M timers scheduled and fired a second, on
    /// the random delays with 1,000 pending.
    static func target(timersPerSecond: Double) -> Threshold {
        Threshold(
            "scheduler, timers scheduled and fired a second (random delays)", value: timersPerSecond,
            atLeast: 6_500_000, unit: .count)
    }

    /// The target's figure alone: the median of `repetitions` runs of the
    /// random delays with 1,000 pending, after a warm-up.
    static func timersPerSecond(repetitions: Int) throws(VirtualSchedulerError) -> Double {
        let steady = try median(repetitions) { () throws(VirtualSchedulerError) in try steadyState() }
        return Double(steadyFirings) / steady.seconds
    }

    // MARK: Measurements

    /// The state of the steady-state runs, as a behaviour keeps its own:
    /// each timer's closure captures only this object, which Swift passes
    /// as the closure's context (a retain, no allocation).
    final class Ticker {
        let scheduler: VirtualScheduler
        let period: Bool
        var fired = 0
        var random = RandomTable()

        init(scheduler: VirtualScheduler, period: Bool) {
            self.scheduler = scheduler
            self.period = period
        }

        /// Counts the firing and schedules the next timer, until `steadyFirings`.
        func tick() {
            fired += 1
            if fired <= steadyFirings - background {
                let delay = period ? .milliseconds(1) : Duration.microseconds(Int64(1 + random.next() % 1_000))
                scheduler.schedule(after: delay) { self.tick() }
            }
        }
    }

    /// `background` timers, each rescheduling itself when it fires, with a
    /// random delay or one `period`, until `steadyFirings` have fired.
    static func steadyState(period: Bool = false) throws(VirtualSchedulerError) -> Duration {
        let scheduler = VirtualScheduler()
        let ticker = Ticker(scheduler: scheduler, period: period)
        let elapsed = try time { () throws(VirtualSchedulerError) in
            for _ in 0..<background {
                scheduler.schedule(after: .microseconds(Int64(ticker.random.next() % 1_000))) { ticker.tick() }
            }
            while let next = scheduler.nextDeadline { try scheduler.advance(to: next + .milliseconds(1)) }
        }
        return ticker.fired == steadyFirings ? elapsed : .zero
    }

    /// The random-delay run with the state in local variables, and each
    /// timer a new closure of them.
    static func steadyStateCapturingLocals() throws(VirtualSchedulerError) -> Duration {
        let scheduler = VirtualScheduler()
        var fired = 0
        var random = RandomTable()
        func tick() {
            fired += 1
            if fired <= steadyFirings - background {
                scheduler.schedule(after: .microseconds(Int64(1 + random.next() % 1_000)), tick)
            }
        }
        return try time { () throws(VirtualSchedulerError) in
            for _ in 0..<background { scheduler.schedule(after: .microseconds(Int64(random.next() % 1_000)), tick) }
            while let next = scheduler.nextDeadline { try scheduler.advance(to: next + .milliseconds(1)) }
        }
    }

    /// `deepQueueTimers` scheduled at spread deadlines, then one advance.
    static func deepQueue() throws(VirtualSchedulerError) -> Duration {
        let scheduler = VirtualScheduler()
        var fired = 0
        var random = RandomTable()
        let elapsed = try time { () throws(VirtualSchedulerError) in
            for _ in 0..<deepQueueTimers {
                scheduler.schedule(after: .microseconds(Int64(random.next() % 1_000_000_000))) { fired += 1 }
            }
            try scheduler.advance(by: .seconds(1_000))
        }
        return fired == deepQueueTimers ? elapsed : .zero
    }

    /// A timer scheduled and cancelled at once, `cancelPairs` times, with
    /// `background` others pending.
    static func scheduleThenCancel() throws(VirtualSchedulerError) -> Duration {
        let scheduler = VirtualScheduler()
        for index in 0..<background { scheduler.schedule(after: .seconds(Int64(index + 1))) {} }
        return try time { () throws(VirtualSchedulerError) in
            for index in 0..<cancelPairs {
                let id = scheduler.schedule(after: .milliseconds(Int64(index % 5_000))) {}
                scheduler.cancel(id)
            }
            try scheduler.advance(by: .zero)
        }
    }

    // MARK: Helpers

    static func time(_ body: () throws(VirtualSchedulerError) -> Void) throws(VirtualSchedulerError) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// The median of `repetitions` runs of `body`, after one warm-up.
    static func median(
        _ repetitions: Int, _ body: () throws(VirtualSchedulerError) -> Duration
    ) throws(VirtualSchedulerError) -> Duration {
        _ = try body()
        var times: [Duration] = []
        for _ in 0..<repetitions { times.append(try body()) }
        times.sort()
        return times[times.count / 2]
    }

    /// `value` rounded, with thousands separated by commas.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}

/// Random numbers drawn before a measurement and handed out in turn, so
/// that drawing one costs the timed loop an array read.
///
///     var random = RandomTable()
///     let delay = random.next() % 1_000
struct RandomTable {
    private static let count = 1 << 16
    private let values: [UInt64]
    private var index = 0

    /// A table of 65,536 numbers from the system's generator.
    init() {
        var generator = SystemRandomNumberGenerator()
        values = (0..<Self.count).map { _ in generator.next() }
    }

    /// The next number, from the start again after the last.
    mutating func next() -> UInt64 {
        index = (index &+ 1) & (Self.count - 1)
        return values[index]
    }
}
