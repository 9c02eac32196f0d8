/// A ratio of two timed figures, taken two ways: the median of the ratios
/// within each repetition (paired, so that a slow phase of the host slows
/// both sides alike and cancels out) and the ratio of the two medians
/// (which may pair figures measured seconds apart).
///
///     let ratio = PairedRatio(numerators: [36, 20, 21], denominators: [18, 10, 11])
///     ratio.paired      // 2.0 (the median of 2.0, 2.0 and 1.91)
///     ratio.ofMedians   // 1.91 (21 / 11)
struct PairedRatio {
    /// The median of the per-repetition ratios: what the targets check.
    var paired: Double
    /// The median of the numerators over the median of the denominators.
    var ofMedians: Double

    /// The ratio of `numerators` to `denominators`, paired by position.
    init(numerators: [Double], denominators: [Double]) {
        paired = Statistics.median(zip(numerators, denominators).map { $0 / $1 })
        ofMedians = Statistics.median(numerators) / Statistics.median(denominators)
    }

    /// `"1.52x (1.48x)"`: paired, then of the medians.
    var text: String { "\(Format.fixed(paired, 2))x (\(Format.fixed(ofMedians, 2))x)" }
}

/// The timing child's samples of one size, in repetition order, and the
/// figures the report takes from them.
///
///     let times = SizeTimes(objects: 1_000, samples: samples)
///     print(times.median(\.rawNanoseconds), times.loadRatio.paired)
struct SizeTimes {
    /// Objects in the scene.
    let objects: Int
    /// One sample per repetition, repetition 1 first.
    let samples: [TimingSample]

    /// The median of one figure over the repetitions.
    func median(_ figure: KeyPath<TimingSample, Double>) -> Double {
        Statistics.median(samples.map { $0[keyPath: figure] })
    }

    /// The ratio of two figures of the same repetitions.
    func ratio(_ numerator: KeyPath<TimingSample, Double>, to denominator: KeyPath<TimingSample, Double>)
        -> PairedRatio
    {
        PairedRatio(
            numerators: samples.map { $0[keyPath: numerator] }, denominators: samples.map { $0[keyPath: denominator] })
    }

    /// Full load (default loader) over raw parse.
    var loadRatio: PairedRatio { ratio(\.loadNanoseconds, to: \.rawNanoseconds) }
    /// Full load on one thread over raw parse.
    var oneThreadRatio: PairedRatio { ratio(\.oneThreadLoadNanoseconds, to: \.rawNanoseconds) }
    /// The raw parse on a second thread over the one on this thread.
    var secondThreadRatio: PairedRatio { ratio(\.rawOnSecondThreadNanoseconds, to: \.rawNanoseconds) }
    /// CPU time of the default full load over the raw parse's wall-clock time.
    var cpuRatio: PairedRatio { ratio(\.loadCPUNanoseconds, to: \.rawNanoseconds) }
}

/// Everything the timing child measured, checked and grouped by size.
///
///     let timing = try TimingResults(sizes: [1_000, 10_000], repetitions: 11, output: outcome.output)
///     let growth = timing.growth(\.loadNanoseconds, from: 10_000, to: 100_000)
struct TimingResults {
    /// Timed repetitions.
    let repetitions: Int
    /// One entry per size, in the order of the sizes given.
    let sizes: [SizeTimes]

    /// Why the timing child's output cannot be used.
    struct Failure: Error, CustomStringConvertible {
        /// What is wrong with it.
        let description: String
    }

    /// Reads the `sample` lines of `output` and checks that there is one
    /// for each size in `sizes` and each repetition from 1 to `repetitions`.
    init(sizes: [Int], repetitions: Int, output: String) throws(Failure) {
        var bySize = [[TimingSample]](repeating: [], count: sizes.count)
        for line in output.split(separator: "\n") {
            guard let sample = TimingSample(line: line) else { continue }
            guard sizes.indices.contains(sample.index), sizes[sample.index] == sample.objects else {
                throw Failure(description: "a sample for an unexpected size: \(line)")
            }
            bySize[sample.index].append(sample)
        }
        var result: [SizeTimes] = []
        for (index, objects) in sizes.enumerated() {
            let samples = bySize[index].sorted { $0.repetition < $1.repetition }
            guard samples.map(\.repetition) == Array(1...repetitions) else {
                throw Failure(
                    description: "expected one sample per repetition 1 to \(repetitions) for \(objects) objects, "
                        + "got repetitions \(samples.map(\.repetition))")
            }
            result.append(SizeTimes(objects: objects, samples: samples))
        }
        self.repetitions = repetitions
        self.sizes = result
    }

    /// How one figure grows from `small` to `large` objects (the first
    /// entries of those sizes), paired by repetition; `nil` when either size
    /// was not measured.
    func growth(_ figure: KeyPath<TimingSample, Double>, from small: Int, to large: Int) -> PairedRatio? {
        guard let smallTimes = sizes.first(where: { $0.objects == small }),
            let largeTimes = sizes.first(where: { $0.objects == large })
        else { return nil }
        // Both hold repetitions 1...repetitions in order, so positions pair repetitions.
        return PairedRatio(
            numerators: largeTimes.samples.map { $0[keyPath: figure] },
            denominators: smallTimes.samples.map { $0[keyPath: figure] })
    }
}
