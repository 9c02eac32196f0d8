import BenchScenes
import SceneBehaviours
import SceneCore
import SceneLoader

/// Whether parsing the YAML on a second thread pays: the model of a
/// generated scene that checks clean (``SceneGenerator``), read with the
/// loader's pipelining on and off, the two alternating in each
/// repetition. The figure is the median of the paired ratios of the time
/// with pipelining to the time without; under 1 it pays.
///
///     swift run -c release scene-bench --pipelining [--repetitions N] [--objects N]
enum PipeliningBenchmark {
    /// The figure, as printed with the other results.
    static func report(objects: Int, repetitions: Int) throws -> String {
        let bytes = SceneGenerator(objectCount: objects).generate()
        let source = SceneSource(name: "generated.yaml", bytes: bytes)
        var loader = SceneLoader(registry: .standard)
        let clock = ContinuousClock()
        func time(_ pipelining: SceneLoader.Pipelining) throws -> Double {
            loader.pipelining = pipelining
            let start = clock.now
            let model = loader.model(of: source)
            let elapsed = clock.now - start
            guard model.isLoadable else { throw BenchFailure("the generated scene does not check clean") }
            return Statistics.nanoseconds(elapsed)
        }
        var on: [Double] = []
        var off: [Double] = []
        var ratios: [Double] = []
        // One warm-up round, then the timed ones.
        for round in 0...repetitions {
            let offTime = try time(.off)
            let onTime = try time(.on)
            guard round > 0 else { continue }
            on.append(onTime)
            off.append(offTime)
            ratios.append(onTime / offTime)
        }
        let ratio = Statistics.median(ratios)
        return """
            pipelining: the model of a generated scene of \(objects) objects (\(bytes.count) bytes), \
            \(repetitions) repetitions
              parsed on a second thread  \(Format.fixed(Statistics.median(on) / 1e6, 1)) ms
              parsed on the same thread  \(Format.fixed(Statistics.median(off) / 1e6, 1)) ms
              [\(ratio < 1 ? "pays" : "does not pay")] second thread over one: \(Format.fixed(ratio, 3))x \
            (median of paired ratios)
            """
    }

    /// The benchmark alone: prints the figure, or why it could not be measured.
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        var objects = 10_000
        var rest: ArraySlice<String> = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--objects", let value = iterator.next().flatMap({ Int($0) }), value > 0 {
                objects = value
            } else {
                rest.append(argument)
            }
        }
        let usage = "usage: scene-bench --pipelining [--repetitions N] [--objects N]"
        guard let repetitions = ModeArguments.onlyRepetitions(rest, default: 7, usage: usage) else { return 64 }
        return ModeArguments.printReport("a generated scene") {
            try report(objects: objects, repetitions: repetitions)
        }
    }
}
