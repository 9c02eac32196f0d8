import SceneCore
import SceneLoader
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The timing child's side: every size in one process, interleaved, so
/// that a phase of host contention slows every figure of a repetition alike
/// and ratios taken within a repetition stay honest.
///
///     let samples = try TimingMeasurement.run(sizes: [1_000, 10_000, 100_000], repetitions: 11)
///     for sample in samples { print(sample.line) }
///
/// It generates every scene first, runs one untimed warm-up round, then in
/// each repetition loops over the sizes and, for each, runs back to back:
/// - raw parse: ``RawParse/countEvents(in:)``, parser set-up and tear-down included;
/// - the same raw parse on the loader's parsing thread (``RawParse/timeOnWorker(_:)``),
///   which shows how the other CPU compares in this repetition;
/// - full load with the default loader (`pipelining` `.automatic`: libyaml
///   on a second thread from 32 KiB), timed on the wall clock and on the
///   process CPU clock (which counts both threads), then the release of the
///   scene, timed on its own;
/// - full load with `pipelining = .off` (everything on the calling thread);
/// - the phases, with the loader set to `.off` so that they are
///   single-threaded and comparable with each other:
///   `YAMLDocumentReader.readDocument` and the document's release,
///   `SceneLoader.validate` (the document again, plus validation), and
///   `SceneLoader.instantiate` (objects, properties, outlets, events, awake).
///
/// The two full loads swap places from one repetition to the next, so that
/// neither always runs right after the raw parse. A full load is
/// `SceneLoader.load(SceneSource(name:bytes:))`: copying the input,
/// parsing, validating, instantiating, setting properties, connecting
/// outlets, collections and events, and `awake`, up to the moment the
/// caller holds the scene.
enum TimingMeasurement {
    /// Why the timing child stopped.
    struct Failure: Error {
        /// The size being measured.
        let objects: Int
        /// What went wrong.
        let reason: SizeMeasurement.Failure
    }

    /// One size, generated and ready to be timed.
    private struct Subject {
        /// The size's position in the list of sizes.
        let index: Int
        /// Objects in the scene.
        let objects: Int
        /// The scene.
        let source: SceneSource
        /// The default loader (`pipelining` `.automatic`).
        let loader: SceneLoader
        /// The same loader with `pipelining = .off`.
        let oneThreadLoader: SceneLoader
    }

    /// One timed full load.
    private struct TimedLoad {
        /// Wall-clock time of `load`.
        var wall: Duration
        /// Process CPU time of `load`, all threads, in nanoseconds.
        var cpuNanoseconds: Double
        /// Wall-clock time of releasing the scene.
        var release: Duration
    }

    /// Generates a scene per entry of `sizes` and returns `repetitions`
    /// samples for each (after one warm-up round), in the order measured.
    static func run(sizes: [Int], repetitions: Int) throws(Failure) -> [TimingSample] {
        var subjects: [Subject] = []
        for (index, objects) in sizes.enumerated() {
            let registry: SceneRegistry
            do { registry = try SceneRegistry.bench() } catch {
                throw Failure(objects: objects, reason: .registry(error))
            }
            var oneThreadLoader = SceneLoader(registry: registry)
            oneThreadLoader.pipelining = .off
            let bytes = SceneGenerator(objectCount: objects).generate()
            subjects.append(
                Subject(
                    index: index, objects: objects,
                    source: SceneSource(name: "generated-\(objects).yaml", bytes: bytes),
                    loader: SceneLoader(registry: registry), oneThreadLoader: oneThreadLoader))
        }
        var samples: [TimingSample] = []
        samples.reserveCapacity(subjects.count * repetitions)
        for repetition in 0...repetitions {
            for subject in subjects {
                let sample: TimingSample
                do { sample = try measure(subject, repetition: repetition) } catch {
                    throw Failure(objects: subject.objects, reason: error)
                }
                if repetition > 0 { samples.append(sample) }  // 0 is the warm-up
            }
        }
        return samples
    }

    /// Times everything once for `subject`: the raw parse, the two full
    /// loads (the default one first in odd repetitions), then the phases.
    private static func measure(_ subject: Subject, repetition: Int) throws(SizeMeasurement.Failure) -> TimingSample {
        let clock = ContinuousClock()
        let bytes = subject.source.bytes

        let rawStart = clock.now
        do { _ = try RawParse.countEvents(in: bytes) } catch { throw .rawParse(error) }
        let raw = clock.now - rawStart
        let rawOnSecondThread: Double
        do { rawOnSecondThread = try RawParse.timeOnWorker(bytes) } catch { throw .rawParse(error) }

        let load: TimedLoad
        let oneThread: TimedLoad
        if repetition % 2 == 1 {
            load = try timedLoad(subject.loader, subject)
            oneThread = try timedLoad(subject.oneThreadLoader, subject)
        } else {
            oneThread = try timedLoad(subject.oneThreadLoader, subject)
            load = try timedLoad(subject.loader, subject)
        }

        // The phases, each on its own, on one thread.
        let phaseLoader = subject.oneThreadLoader
        let documentStart = clock.now
        var document: YAMLDocument?
        do {
            document = try YAMLDocumentReader.readDocument(
                bytes, limits: phaseLoader.limits.yaml, pipelining: phaseLoader.pipelining == .on ? .on : .off)
        } catch { throw .yaml(error) }
        let documentEnd = clock.now
        withExtendedLifetime(document) {}
        document = nil
        let documentReleaseEnd = clock.now

        let validateStart = clock.now
        let declaration: SceneDeclaration
        do { declaration = try phaseLoader.validate(subject.source).get() } catch { throw .invalidScene(error) }
        let validateEnd = clock.now
        var scene: Scene?
        do { scene = try phaseLoader.instantiate(declaration, source: subject.source) } catch {
            throw .invalidScene(error)
        }
        let instantiateEnd = clock.now
        withExtendedLifetime(scene) {}
        scene = nil

        let ns = Statistics.nanoseconds
        return TimingSample(
            index: subject.index, objects: subject.objects, repetition: repetition, rawNanoseconds: ns(raw),
            rawOnSecondThreadNanoseconds: rawOnSecondThread, loadNanoseconds: ns(load.wall),
            loadCPUNanoseconds: load.cpuNanoseconds,
            releaseNanoseconds: ns(load.release), oneThreadLoadNanoseconds: ns(oneThread.wall),
            documentNanoseconds: ns(documentEnd - documentStart),
            documentReleaseNanoseconds: ns(documentReleaseEnd - documentEnd),
            validateNanoseconds: ns(validateEnd - validateStart),
            instantiateNanoseconds: ns(instantiateEnd - validateEnd))
    }

    /// One full load of `subject` with `loader`: its wall-clock and process
    /// CPU time, then the release of the scene, timed on its own; checks
    /// that the scene has every object.
    private static func timedLoad(_ loader: SceneLoader, _ subject: Subject) throws(SizeMeasurement.Failure)
        -> TimedLoad
    {
        let clock = ContinuousClock()
        guard let cpuStart = ProcessCPUClock.nanoseconds() else { throw .cpuClock(errno) }
        let start = clock.now
        var scene: Scene?
        do { scene = try loader.load(subject.source) } catch { throw .invalidScene(error) }
        let end = clock.now
        guard let cpuEnd = ProcessCPUClock.nanoseconds() else { throw .cpuClock(errno) }
        let loaded = scene?.entries.count ?? 0
        let releaseStart = clock.now
        withExtendedLifetime(scene) {}
        scene = nil
        let releaseEnd = clock.now
        guard loaded == subject.objects else { throw .wrongObjectCount(expected: subject.objects, loaded: loaded) }
        return TimedLoad(wall: end - start, cpuNanoseconds: cpuEnd - cpuStart, release: releaseEnd - releaseStart)
    }
}

/// What one size measured in one timed repetition of the timing child
/// (see ``TimingMeasurement`` for what each timed region holds); times in
/// nanoseconds.
///
///     let sample = TimingSample(line: "sample index=0 objects=1000 repetition=1 rawNs=...")
struct TimingSample {
    /// The size's position in the list of sizes (a size may be listed twice).
    var index: Int
    /// Objects in the scene.
    var objects: Int
    /// The repetition, from 1 (the warm-up round is not reported).
    var repetition: Int
    /// Raw libyaml parse.
    var rawNanoseconds: Double
    /// The same parse on a thread started for it, right after.
    var rawOnSecondThreadNanoseconds: Double
    /// Full load with the default loader (`pipelining` `.automatic`), wall clock.
    var loadNanoseconds: Double
    /// The same load on the process CPU clock: both threads' work.
    var loadCPUNanoseconds: Double
    /// Release of the scene the default load returned.
    var releaseNanoseconds: Double
    /// Full load with `pipelining = .off`, wall clock.
    var oneThreadLoadNanoseconds: Double
    /// `YAMLDocumentReader.readDocument` of the bytes on one thread (libyaml plus the document).
    var documentNanoseconds: Double
    /// Release of that document.
    var documentReleaseNanoseconds: Double
    /// `SceneLoader.validate` on one thread (document, validation, releasing the document).
    var validateNanoseconds: Double
    /// `SceneLoader.instantiate` of the validated declaration.
    var instantiateNanoseconds: Double
}

extension TimingSample {
    /// The tag of ``line``.
    private static let tag = "sample"

    /// One line of `key=value` fields: what the timing child prints for its parent.
    var line: String {
        ResultLine.text(
            Self.tag,
            [
                ("index", "\(index)"), ("objects", "\(objects)"), ("repetition", "\(repetition)"),
                ("rawNs", "\(rawNanoseconds)"), ("rawThreadNs", "\(rawOnSecondThreadNanoseconds)"),
                ("loadNs", "\(loadNanoseconds)"),
                ("loadCPUNs", "\(loadCPUNanoseconds)"),
                ("releaseNs", "\(releaseNanoseconds)"), ("oneThreadLoadNs", "\(oneThreadLoadNanoseconds)"),
                ("documentNs", "\(documentNanoseconds)"), ("documentReleaseNs", "\(documentReleaseNanoseconds)"),
                ("validateNs", "\(validateNanoseconds)"), ("instantiateNs", "\(instantiateNanoseconds)"),
            ])
    }

    /// Reads the line ``line`` wrote; `nil` if `text` holds none.
    init?(line text: Substring) {
        guard let fields = ResultLine.fields(of: text, tag: Self.tag),
            let index = fields["index"].flatMap({ Int($0) }),
            let objects = fields["objects"].flatMap({ Int($0) }),
            let repetition = fields["repetition"].flatMap({ Int($0) }),
            let raw = fields["rawNs"].flatMap({ Double($0) }),
            let rawOnSecondThread = fields["rawThreadNs"].flatMap({ Double($0) }),
            let load = fields["loadNs"].flatMap({ Double($0) }),
            let loadCPU = fields["loadCPUNs"].flatMap({ Double($0) }),
            let release = fields["releaseNs"].flatMap({ Double($0) }),
            let oneThreadLoad = fields["oneThreadLoadNs"].flatMap({ Double($0) }),
            let document = fields["documentNs"].flatMap({ Double($0) }),
            let documentRelease = fields["documentReleaseNs"].flatMap({ Double($0) }),
            let validate = fields["validateNs"].flatMap({ Double($0) }),
            let instantiate = fields["instantiateNs"].flatMap({ Double($0) })
        else { return nil }
        self.init(
            index: index, objects: objects, repetition: repetition, rawNanoseconds: raw,
            rawOnSecondThreadNanoseconds: rawOnSecondThread, loadNanoseconds: load,
            loadCPUNanoseconds: loadCPU, releaseNanoseconds: release, oneThreadLoadNanoseconds: oneThreadLoad,
            documentNanoseconds: document, documentReleaseNanoseconds: documentRelease, validateNanoseconds: validate,
            instantiateNanoseconds: instantiate)
    }
}

/// The CPU time of the whole process: every thread's, those that have
/// ended included (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`).
///
///     guard let start = ProcessCPUClock.nanoseconds() else { throw ... }
enum ProcessCPUClock {
    /// The process's CPU time so far in nanoseconds; `nil` (with `errno`
    /// set) when the clock cannot be read.
    static func nanoseconds() -> Double? {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return nil }
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
}

/// Medians and durations as numbers.
///
///     Statistics.median([3, 1, 2])   // 2
enum Statistics {
    /// The median of `values` (the mean of the middle two for an even
    /// count; 0 for none).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median of `durations` in nanoseconds.
    static func median(_ durations: [Duration]) -> Double {
        median(durations.map(nanoseconds))
    }

    /// `duration` in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
