import SceneCore
import SceneLoader
import SceneYAML

/// What one size measured: in a child process of its own, peak memory
/// over one load (after a first, unmeasured one), then the median times of
/// several repetitions.
///
/// Timed regions:
/// - raw parse: ``RawParse/countEvents(in:)``, parser set-up and tear-down included;
/// - full load: `SceneLoader.load(SceneSource(name:bytes:))`, that is
///   copying the input, parsing, validating, instantiating, setting
///   properties, connecting outlets, collections and events, and `awake`,
///   up to the moment the caller holds the scene. Releasing the scene is
///   not in it (a program keeps the scene it loads) but is timed on its
///   own right after, as `release`.
///
/// Each repetition runs a raw parse then a full load, after one untimed
/// warm-up of each, and the medians are reported. Each repetition then
/// times the phases of a load on their own, through the loader's public
/// steps: `YAMLDocumentReader.readDocument` (the YAML document the loader
/// builds) and its release, `SceneLoader.validate` (the document again,
/// plus validation), and
/// `SceneLoader.instantiate` (objects, properties, outlets, events, awake).
struct SizeMeasurement {
    /// Objects in the scene.
    var objects: Int
    /// Size of the scene file in bytes.
    var fileBytes: Int
    /// Events libyaml produced for it.
    var events: Int
    /// Median raw libyaml parse, in nanoseconds.
    var rawNanoseconds: Double
    /// Median full load, in nanoseconds.
    var loadNanoseconds: Double
    /// Median release of the loaded scene, in nanoseconds.
    var releaseNanoseconds: Double
    /// Median `YAMLDocumentReader.readDocument` of the bytes (libyaml plus
    /// the document), in nanoseconds.
    var documentNanoseconds: Double
    /// Median release of that document, in nanoseconds.
    var documentReleaseNanoseconds: Double
    /// Median `SceneLoader.validate` (document, validation, releasing the
    /// document), in nanoseconds.
    var validateNanoseconds: Double
    /// Median `SceneLoader.instantiate` of the validated declaration, in nanoseconds.
    var instantiateNanoseconds: Double
    /// Resident set right before the measured load, in bytes.
    var baselineBytes: Int
    /// Peak resident set during the measured load, in bytes.
    var peakBytes: Int
    /// Resident set with the loaded scene still alive (after trimming the
    /// heap of what the load freed), in bytes.
    var retainedBytes: Int
    /// Peak growth of the resident set while `YAMLDocumentReader.readDocument`
    /// builds the document alone, in bytes.
    var documentPeakGrowthBytes: Int
    /// How the peak was measured (`VmHWM` or `ru_maxrss`).
    var peakSource: String
    /// `ru_maxrss` after the measured load, for comparison, in bytes.
    var maxRSSBytes: Int

    /// Peak growth over the baseline.
    var peakGrowthBytes: Int { max(0, peakBytes - baselineBytes) }
    /// `ru_maxrss` after the load over the baseline: the peak as `getrusage`
    /// sees it, which is never reset (and, after `posix_spawn`, may start
    /// from the parent's peak).
    var maxRSSGrowthBytes: Int { max(0, maxRSSBytes - baselineBytes) }
    /// Growth of the resident set while the scene is alive.
    var retainedGrowthBytes: Int { max(0, retainedBytes - baselineBytes) }

    /// Why a size could not be measured.
    enum Failure: Error {
        /// The registry refused the bench's own type.
        case registry(SceneRegistry.RegistrationError)
        /// libyaml rejected the generated text.
        case rawParse(RawParse.Failure)
        /// The loader rejected the generated scene.
        case invalidScene(SceneLoadError)
        /// The scene loaded with another number of objects.
        case wrongObjectCount(expected: Int, loaded: Int)
        /// The YAML layer rejected the generated text.
        case yaml(YAMLError)
    }

    /// Generates a scene of `objects` objects and measures it.
    static func run(objects: Int, repetitions: Int) throws(Failure) -> SizeMeasurement {
        let bytes = SceneGenerator(objectCount: objects).generate()
        let registry: SceneRegistry
        do { registry = try SceneRegistry.bench() } catch { throw .registry(error) }
        let loader = SceneLoader(registry: registry)
        let source = SceneSource(name: "generated-\(objects).yaml", bytes: bytes)

        let memory = try measureMemory(loader, source, objects: objects)
        let events: Int
        do { events = try RawParse.countEvents(in: bytes) } catch { throw .rawParse(error) }
        let times = try measureTimes(loader, source, repetitions: repetitions)
        return SizeMeasurement(
            objects: objects, fileBytes: bytes.count, events: events, rawNanoseconds: times.raw,
            loadNanoseconds: times.load, releaseNanoseconds: times.release, documentNanoseconds: times.document,
            documentReleaseNanoseconds: times.documentRelease, validateNanoseconds: times.validate,
            instantiateNanoseconds: times.instantiate, baselineBytes: memory.baseline, peakBytes: memory.peak,
            retainedBytes: memory.retained, documentPeakGrowthBytes: memory.documentPeakGrowth,
            peakSource: memory.source.rawValue, maxRSSBytes: memory.maxRSS)
    }

    /// The peak of one load over the resident set right before it, and the
    /// same for the YAML document alone.
    ///
    /// One load beforehand pages in the code it runs (file pages count in
    /// the resident set too), and trimming the heap after it hands its freed
    /// memory back, so that the measured load pays for every page of data it
    /// touches and for nothing else.
    private static func measureMemory(
        _ loader: SceneLoader, _ source: SceneSource, objects: Int
    ) throws(Failure) -> (
        baseline: Int, peak: Int, maxRSS: Int, retained: Int, documentPeakGrowth: Int, source: ProcessMemory.PeakSource
    ) {
        do { _ = try loader.load(source) } catch { throw .invalidScene(error) }
        ProcessMemory.trimHeap()
        let baseline = ProcessMemory.residentBytes()
        let peakSource = ProcessMemory.resetPeak()
        var scene: Scene?
        do { scene = try loader.load(source) } catch { throw .invalidScene(error) }
        let peak = ProcessMemory.peakBytes(peakSource)
        let maxRSS = ProcessMemory.maxRSSBytes()
        ProcessMemory.trimHeap()  // what the load freed, so that only the live scene counts
        let retained = ProcessMemory.residentBytes()
        let loaded = scene?.entries.count ?? 0
        scene = nil
        guard loaded == objects else { throw .wrongObjectCount(expected: objects, loaded: loaded) }

        ProcessMemory.trimHeap()
        let documentBaseline = ProcessMemory.residentBytes()
        _ = ProcessMemory.resetPeak()
        var document: YAMLDocument?
        do { document = try YAMLDocumentReader.readDocument(source.bytes) } catch { throw .yaml(error) }
        let documentPeak = ProcessMemory.peakBytes(peakSource)
        withExtendedLifetime(document) {}
        document = nil
        return (baseline, peak, maxRSS, retained, max(0, documentPeak - documentBaseline), peakSource)
    }

    /// The median times, in nanoseconds, of `repetitions` rounds after one
    /// warm-up round.
    private static func measureTimes(
        _ loader: SceneLoader, _ source: SceneSource, repetitions: Int
    ) throws(Failure) -> (
        raw: Double, load: Double, release: Double, document: Double, documentRelease: Double, validate: Double,
        instantiate: Double
    ) {
        let clock = ContinuousClock()
        var raw: [Duration] = []
        var load: [Duration] = []
        var release: [Duration] = []
        var documentTimes: [Duration] = []
        var documentReleaseTimes: [Duration] = []
        var validate: [Duration] = []
        var instantiate: [Duration] = []
        for repetition in 0...repetitions {
            let rawStart = clock.now
            do { _ = try RawParse.countEvents(in: source.bytes) } catch { throw .rawParse(error) }
            let rawEnd = clock.now

            let loadStart = clock.now
            var scene: Scene?
            do { scene = try loader.load(source) } catch { throw .invalidScene(error) }
            let loadEnd = clock.now
            withExtendedLifetime(scene) {}
            scene = nil
            let releaseEnd = clock.now

            // The phases, each on its own.
            let documentStart = clock.now
            var document: YAMLDocument?
            do { document = try YAMLDocumentReader.readDocument(source.bytes) } catch { throw .yaml(error) }
            let documentEnd = clock.now
            withExtendedLifetime(document) {}
            document = nil
            let documentReleaseEnd = clock.now

            let validateStart = clock.now
            let declaration: SceneDeclaration
            do { declaration = try loader.validate(source).get() } catch { throw .invalidScene(error) }
            let validateEnd = clock.now
            do { scene = try loader.instantiate(declaration, source: source) } catch { throw .invalidScene(error) }
            let instantiateEnd = clock.now
            withExtendedLifetime(scene) {}
            scene = nil

            if repetition == 0 { continue }  // warm-up
            raw.append(rawEnd - rawStart)
            load.append(loadEnd - loadStart)
            release.append(releaseEnd - loadEnd)
            documentTimes.append(documentEnd - documentStart)
            documentReleaseTimes.append(documentReleaseEnd - documentEnd)
            validate.append(validateEnd - validateStart)
            instantiate.append(instantiateEnd - validateEnd)
        }
        return (
            median(raw), median(load), median(release), median(documentTimes), median(documentReleaseTimes),
            median(validate),
            median(instantiate)
        )
    }

    /// The median of `durations` in nanoseconds (the mean of the middle two
    /// for an even count).
    static func median(_ durations: [Duration]) -> Double {
        let sorted = durations.map(nanoseconds).sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `duration` in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

extension SizeMeasurement {
    private static let fieldNames = [
        "objects", "fileBytes", "events", "rawNs", "loadNs", "releaseNs", "documentNs", "documentReleaseNs",
        "validateNs",
        "instantiateNs", "baselineBytes", "peakBytes",
        "retainedBytes", "documentPeakBytes", "peakSource", "maxRSSBytes",
    ]

    /// One line of `key=value` fields: what a child process prints for its parent.
    var line: String {
        let values: [String] = [
            "\(objects)", "\(fileBytes)", "\(events)", "\(rawNanoseconds)", "\(loadNanoseconds)",
            "\(releaseNanoseconds)", "\(documentNanoseconds)", "\(documentReleaseNanoseconds)",
            "\(validateNanoseconds)",
            "\(instantiateNanoseconds)", "\(baselineBytes)", "\(peakBytes)", "\(retainedBytes)",
            "\(documentPeakGrowthBytes)", peakSource,
            "\(maxRSSBytes)",
        ]
        return "result " + zip(Self.fieldNames, values).map { "\($0)=\($1)" }.joined(separator: " ")
    }

    /// Reads the line ``line`` wrote; `nil` if `text` holds none.
    init?(line text: Substring) {
        guard text.hasPrefix("result ") else { return nil }
        var fields: [String: String] = [:]
        for field in text.dropFirst(7).split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let objects = fields["objects"].flatMap({ Int($0) }),
            let fileBytes = fields["fileBytes"].flatMap({ Int($0) }),
            let events = fields["events"].flatMap({ Int($0) }),
            let raw = fields["rawNs"].flatMap({ Double($0) }),
            let load = fields["loadNs"].flatMap({ Double($0) }),
            let release = fields["releaseNs"].flatMap({ Double($0) }),
            let document = fields["documentNs"].flatMap({ Double($0) }),
            let documentRelease = fields["documentReleaseNs"].flatMap({ Double($0) }),
            let validate = fields["validateNs"].flatMap({ Double($0) }),
            let instantiate = fields["instantiateNs"].flatMap({ Double($0) }),
            let baseline = fields["baselineBytes"].flatMap({ Int($0) }),
            let peak = fields["peakBytes"].flatMap({ Int($0) }),
            let retained = fields["retainedBytes"].flatMap({ Int($0) }),
            let documentPeak = fields["documentPeakBytes"].flatMap({ Int($0) }),
            let peakSource = fields["peakSource"],
            let maxRSS = fields["maxRSSBytes"].flatMap({ Int($0) })
        else { return nil }
        self.init(
            objects: objects, fileBytes: fileBytes, events: events, rawNanoseconds: raw, loadNanoseconds: load,
            releaseNanoseconds: release, documentNanoseconds: document, documentReleaseNanoseconds: documentRelease,
            validateNanoseconds: validate, instantiateNanoseconds: instantiate, baselineBytes: baseline,
            peakBytes: peak, retainedBytes: retained, documentPeakGrowthBytes: documentPeak, peakSource: peakSource,
            maxRSSBytes: maxRSS)
    }
}
