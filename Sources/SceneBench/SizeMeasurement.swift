import SceneCore
import SceneLoader
import SceneYAML

/// What one size measured about memory, in a child process of its own so
/// that the heap is fresh: the peak of one load with the default loader
/// (after a first, unmeasured one), the memory the loaded scene keeps, and
/// the peak of the YAML document alone. The times are measured elsewhere,
/// for every size in one child (see ``TimingMeasurement``).
///
///     let memory = try SizeMeasurement.run(objects: 10_000)
///     print(memory.line)   // "result objects=10000 fileBytes=... peakBytes=..."
struct SizeMeasurement {
    /// Objects in the scene.
    var objects: Int
    /// Size of the scene file in bytes.
    var fileBytes: Int
    /// Events libyaml produced for it.
    var events: Int
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
    /// sees it, which is never reset (and, in a child process, may start
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
        /// The process CPU clock could not be read (`errno`).
        case cpuClock(Int32)
    }

    /// Generates a scene of `objects` objects and measures its memory.
    static func run(objects: Int) throws(Failure) -> SizeMeasurement {
        let bytes = SceneGenerator(objectCount: objects).generate()
        let registry: SceneRegistry
        do { registry = try SceneRegistry.bench() } catch { throw .registry(error) }
        let loader = SceneLoader(registry: registry)
        let source = SceneSource(name: "generated-\(objects).yaml", bytes: bytes)

        let memory = try measureMemory(loader, source, objects: objects)
        let events: Int
        do { events = try RawParse.countEvents(in: bytes) } catch { throw .rawParse(error) }
        return SizeMeasurement(
            objects: objects, fileBytes: bytes.count, events: events, baselineBytes: memory.baseline,
            peakBytes: memory.peak, retainedBytes: memory.retained, documentPeakGrowthBytes: memory.documentPeakGrowth,
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
}

extension SizeMeasurement {
    /// The tag of ``line``.
    private static let tag = "result"

    /// One line of `key=value` fields: what a child process prints for its parent.
    var line: String {
        ResultLine.text(
            Self.tag,
            [
                ("objects", "\(objects)"), ("fileBytes", "\(fileBytes)"), ("events", "\(events)"),
                ("baselineBytes", "\(baselineBytes)"), ("peakBytes", "\(peakBytes)"),
                ("retainedBytes", "\(retainedBytes)"), ("documentPeakBytes", "\(documentPeakGrowthBytes)"),
                ("peakSource", peakSource), ("maxRSSBytes", "\(maxRSSBytes)"),
            ])
    }

    /// Reads the line ``line`` wrote; `nil` if `text` holds none.
    init?(line text: Substring) {
        guard let fields = ResultLine.fields(of: text, tag: Self.tag),
            let objects = fields["objects"].flatMap({ Int($0) }),
            let fileBytes = fields["fileBytes"].flatMap({ Int($0) }),
            let events = fields["events"].flatMap({ Int($0) }),
            let baseline = fields["baselineBytes"].flatMap({ Int($0) }),
            let peak = fields["peakBytes"].flatMap({ Int($0) }),
            let retained = fields["retainedBytes"].flatMap({ Int($0) }),
            let documentPeak = fields["documentPeakBytes"].flatMap({ Int($0) }),
            let peakSource = fields["peakSource"],
            let maxRSS = fields["maxRSSBytes"].flatMap({ Int($0) })
        else { return nil }
        self.init(
            objects: objects, fileBytes: fileBytes, events: events, baselineBytes: baseline, peakBytes: peak,
            retainedBytes: retained, documentPeakGrowthBytes: documentPeak, peakSource: peakSource,
            maxRSSBytes: maxRSS)
    }
}
