import SceneCore
// Re-exported on purpose: the loader's public API hands users the YAML
// layer's types (`SceneLimits.yaml` is a `YAMLLimits`, a `Diagnostic`'s
// `position` a `SourcePosition`, its `span` a `SourceSpan`), and SceneYAML
// is no product a user can depend on.
@_exported import SceneYAML

/// Limits on what a scene file may be, to keep every input from crashing,
/// hanging or exhausting memory. Each can be raised by the embedding program.
public struct SceneLimits: Sendable {
    /// Size, depth and alias bounds of the YAML layer.
    public var yaml = YAMLLimits()
    /// Diagnostics reported before the loader stops collecting. Default 50.
    public var maxDiagnostics = 50
    /// The furthest virtual time a script may reach: its `wait`s and
    /// `at`s together, checked before anything runs. Default 366 days.
    public var maxVirtualTime: Duration = .seconds(366 * 86_400)
    /// How many timers a run may fire in all, animation frames included,
    /// before it stops with an error at the step that was running. Default
    /// 10,000,000 (a virtual day of a 60 fps animation fires 5,184,000).
    public var maxTimerFirings = 10_000_000
    /// How long reading a scene from a pipe may wait for data. Default 10 s.
    public var maxReadWait: Duration = .seconds(10)
    /// How deep components may include components: a scene's own
    /// `include:` is depth 1. Default 16. Each level is a level of
    /// recursion in the loader, on the calling thread's stack: keep it in
    /// the tens.
    public var maxIncludeDepth = 16
    /// How many objects (and instances of components) a scene may have once
    /// its components are included, checked at each `include:`, so that
    /// components including each other many times over are refused rather
    /// than expanded. Default 1,000,000.
    public var maxExpandedObjects = 1_000_000
    /// How many bytes the scene's components may expand to, checked at
    /// each `include:`: each instance counts its component file's bytes,
    /// the text its aliases repeat, and its id path once for each of its
    /// objects (ids by path grow with every level of includes). So that
    /// kilobytes of components including each other cannot cost gigabytes
    /// of ids and values. Default 64 MiB (67,108,864 bytes), as large as the
    /// largest scene file accepted.
    public var maxExpandedBytes = 64 << 20
    /// How deep event deliveries may nest while a scene loads and runs: an
    /// event whose actions send an event whose actions send another, and so
    /// on, more than this many levels deep stops the run with an error at
    /// the step (as an event sent again while it is being delivered does,
    /// whatever the depth). Default 100
    /// (``EventDelivery/defaultMaximumDepth``). Each level is recursion on
    /// the running thread's stack, about 2.2 KiB in a debug build: keep it
    /// in the hundreds on a thread of 512 KiB.
    public var maxEventDepth = EventDelivery.defaultMaximumDepth
    /// How many events one event may lead to in all (its `on:` actions'
    /// events, theirs, and so on), so that wiring that fans out (each event
    /// sent on to two others, level after level, within the depth limit)
    /// stops with an error at the step instead of taking exponential time.
    /// Default 100,000 (``EventDelivery/defaultMaximumDeliveries``).
    public var maxEventDeliveries = EventDelivery.defaultMaximumDeliveries

    /// The defaults.
    public init() {}

    /// Runs `body` with event deliveries on this thread held to
    /// ``maxEventDepth`` and ``maxEventDeliveries`` (see
    /// ``EventDelivery/supervise(maximumDepth:maximumDeliveries:_:)``), and
    /// returns the first delivery refused meanwhile.
    package func supervisingEvents(_ body: () -> Void) -> EventRunaway? {
        EventDelivery.supervise(maximumDepth: maxEventDepth, maximumDeliveries: maxEventDeliveries, body)
    }
}

/// A scene file that could not be loaded, with every diagnostic found.
public struct SceneLoadError: Error {
    /// The file.
    public let source: SceneSource
    /// What is wrong, in file order of discovery.
    public let diagnostics: [Diagnostic]

    /// An error for `source` with `diagnostics`.
    public init(source: SceneSource, diagnostics: [Diagnostic]) {
        self.source = source
        self.diagnostics = diagnostics
    }

    /// Every diagnostic rendered as text, as `scene-runner check` prints them.
    public var rendered: String { DiagnosticRenderer.render(diagnostics, in: source) }
}

/// Loads scene files: parses them, validates everything, instantiates
/// every object in declaration order, sets properties, connects outlets and
/// collections, connects events to actions, then calls `awake` on each
/// object with its dependencies first.
///
///     let loader = SceneLoader(registry: .standard)
///     do {
///         let scene = try loader.load(SceneSource(contentsOf: "Scenes/video-player.yaml"))
///     } catch {
///         print(error.rendered)
///     }
///
/// - Complexity: O(n) in the file's size.
public struct SceneLoader: Sendable {
    /// The types scenes may declare.
    public var registry: SceneRegistry
    /// The limits inputs must stay within.
    public var limits: SceneLimits
    /// The folder where the scenes' behaviours keep state between runs
    /// (``Scene/stateDirectory``); `nil` keeps nothing.
    public var stateDirectory: String?
    /// Whether libyaml parses on a second thread while the document is
    /// built on the calling thread: by default for files of 32 KiB and
    /// more. Results and diagnostics are the same either way.
    public var pipelining: Pipelining = .automatic
    /// Texts to read instead of the files on disk, by path as an include
    /// reaches them (lexically normalised, see ``normalizedPath(_:)``): an
    /// editor's unsaved text of a component, which the scenes that include
    /// it are checked with. Empty by default: every file is read from disk.
    public var unsavedFiles: [String: [UInt8]] = [:]

    /// `path` with `.`, empty components and `name/..` taken out, as text
    /// (links are not followed): the key of ``unsavedFiles``.
    public static func normalizedPath(_ path: String) -> String {
        ComponentExpansion.lexicallyNormalized(path)
    }

    /// When the YAML is parsed on a second thread.
    public enum Pipelining: Sendable, Hashable {
        /// For files of 32 KiB and more, where it pays for the hand-over.
        case automatic
        /// Always.
        case on
        /// Never: one thread does everything.
        case off

        var reader: YAMLDocumentReader.Pipelining {
            switch self {
            case .automatic: .automatic
            case .on: .on
            case .off: .off
            }
        }
    }
    /// The command-line program hints name (`'NAME types' lists the
    /// registered types`); `nil`, the default, names none and lists the
    /// types instead.
    package var programName: String?
    /// Whether a scene with warnings is refused like one with errors
    /// (`--warnings-as-errors`): it does not load, and its warnings are
    /// the load error's diagnostics.
    public var warningsAreErrors = false

    /// A loader for the types in `registry`.
    public init(registry: SceneRegistry, limits: SceneLimits = SceneLimits()) {
        self.registry = registry
        self.limits = limits
    }

    /// Every diagnostic for `source`, errors and warnings, without
    /// instantiating anything; the scene loads when none is an error (nor a
    /// warning, under ``warningsAreErrors``).
    public func check(_ source: SceneSource) -> [Diagnostic] {
        model(of: source).diagnostics
    }

    /// ``check(_:)``, with how many of the diagnostics had their hints
    /// ("did you mean", lists of candidates) worked out: for tests that
    /// hints are looked for only for the diagnostics shown.
    func checkCountingHints(_ source: SceneSource) -> (diagnostics: [Diagnostic], hintsWorkedOut: Int) {
        let model = model(of: source)
        return (model.diagnostics, model.hintsWorkedOut)
    }

    /// The declaration of `source`'s model (``model(of:)``, then
    /// ``SceneModel/declaration``), or every diagnostic.
    package func validate(_ source: SceneSource) -> Result<SceneDeclaration, SceneLoadError> {
        model(of: source).declaration
    }

    /// The component files the scene at `path` includes, directly or
    /// through others, in the order they are first included (readable or
    /// not): what `run --watch` watches besides the scene itself.
    package func includedFiles(of path: String) -> [String] {
        guard let source = try? source(contentsOf: path) else { return [] }
        return model(of: source).includedFiles
    }

    /// The model of `source`: what the phases of a load before the last
    /// give, one after another over the whole document, each a function of
    /// the one before's output:
    ///
    /// 1. parsed (``ParsedScene``): the file read into a document, libyaml
    ///    on whatever thread ``pipelining`` says;
    /// 2. expanded (``ComponentExpansion``): every entry of `objects:`
    ///    becomes the objects it stands for, each with the ``ObjectFile``
    ///    it is written in and what its instances give it (the root views'
    ///    parent, the `set:` overrides);
    /// 3. declared (``SceneValidator``): the objects checked against the
    ///    registry, their references kept as written, then the top level;
    /// 4. resolved (``ReferenceResolver``): every reference resolved once,
    ///    the id table being complete, and the wiring checked;
    /// 5. compiled (``ScriptCompiler``): the script and the invariants.
    ///
    /// Each phase's diagnostics count toward ``SceneLimits/maxDiagnostics``
    /// after those of the phases before. The last phase, ``SceneAssembler``,
    /// makes the objects from the declaration.
    ///
    /// - Complexity: O(n) in the file's and its components' size.
    public func model(of source: SceneSource) -> SceneModel {
        let parsed: ParsedScene
        switch ParsedScene.parse(source, limits: limits, pipelining: pipelining.reader) {
        case .success(let document): parsed = document
        case .failure(let refusal):
            var diagnostics = DiagnosticCollector(limit: limits.maxDiagnostics)
            diagnostics.add(refusal, in: nil)
            return SceneModel(
                source: source, registry: registry, resolved: nil, compiled: CompiledScript(),
                phases: [diagnostics.found], warningsAreErrors: warningsAreErrors)
        }
        let (expanded, expansion) = ComponentExpansion.expand(
            parsed, registry: registry, limits: limits, unsavedFiles: unsavedFiles)
        let (declared, declaration) = SceneValidator.declare(
            expanded, registry: registry, limits: limits, programName: programName, after: [expansion])
        let (resolved, resolution) = ReferenceResolver.resolve(
            declared, registry: registry, limits: limits, after: [expansion, declaration])
        let (compiled, compilation) = ScriptCompiler.compile(
            declared, registry: registry, limits: limits, after: [expansion, declaration, resolution])
        return SceneModel(
            source: source, registry: registry, resolved: resolved, compiled: compiled,
            phases: [expansion, declaration, resolution, compilation], warningsAreErrors: warningsAreErrors)
    }

    /// Loads `source` into a wired, awake scene: the whole file is checked
    /// first, then the objects are made and wired (see ``SceneAssembler``).
    public func load(_ source: SceneSource) throws(SceneLoadError) -> Scene {
        try loadDeclared(source).scene
    }

    /// Loads `source` and returns the scene with its declaration (the
    /// script, the ids in file order): the one load path, which the command
    /// line, the runner, the tests' helpers and the benchmark all take.
    /// `eventObserver` hears every event of every object before the
    /// actions it calls.
    package func loadDeclared(
        _ source: SceneSource, eventObserver: EventObserver? = nil
    ) throws(SceneLoadError) -> (scene: Scene, declaration: SceneDeclaration) {
        let declaration = try validate(source).get()
        return (try instantiate(declaration, source: source, eventObserver: eventObserver), declaration)
    }

    /// Something told of every event an object sends: the object's index in
    /// the scene, the event and its payload. It is connected before the
    /// scene's own wiring, so it hears an event before the actions it calls.
    package typealias EventObserver = (Int, EventDescription, SceneValue?) -> Void

    /// Loads the file at `path`.
    public func load(contentsOf path: String) throws(SceneLoadError) -> Scene {
        try load(source(contentsOf: path))
    }

    /// Reads the file at `path` within the limits (its size, and how long a
    /// pipe may keep it waiting).
    public func source(contentsOf path: String) throws(SceneLoadError) -> SceneSource {
        do {
            return try SceneSource(contentsOf: path, maxBytes: limits.yaml.maxInputBytes, maxWait: limits.maxReadWait)
        } catch {
            throw SceneLoadError(source: SceneSource(name: path, bytes: []), diagnostics: [error])
        }
    }

    /// Makes, wires and wakes the objects of a validated declaration (see
    /// ``SceneAssembler``): the last phase of ``loadDeclared(_:eventObserver:)``.
    package func instantiate(
        _ declaration: SceneDeclaration, source: SceneSource, eventObserver: EventObserver? = nil
    ) throws(SceneLoadError) -> Scene {
        try SceneAssembler(eventObserver: eventObserver, stateDirectory: stateDirectory, limits: limits)
            .assemble(declaration, source: source)
    }

    /// Indices in the order objects wake: each after the objects its outlets
    /// hold (unless they refer to each other), declaration order breaking ties.
    static func awakeOrder(_ declaration: SceneDeclaration) -> [Int] {
        let objects = declaration.objects
        var order: [Int] = []
        order.reserveCapacity(objects.count)
        var state = [VisitState](repeating: .new, count: objects.count)
        // Each frame walks the flat target lists of one object's outlets.
        var stack: [(index: Int, next: Int, end: Int)] = []
        func targetRange(_ index: Int) -> (Int, Int) {
            let range = objects[index].outletRange
            guard !range.isEmpty else { return (0, 0) }
            return (
                declaration.outletConnections[range.lowerBound].targetRange.lowerBound,
                declaration.outletConnections[range.upperBound - 1].targetRange.upperBound
            )
        }
        for root in objects.indices where state[root] == .new {
            state[root] = .onPath
            let (start, end) = targetRange(root)
            stack.append((root, start, end))
            while let top = stack.last {
                if top.next < top.end {
                    stack[stack.count - 1].next += 1
                    let target = declaration.outletTargets[top.next]
                    if state[target] == .new {
                        state[target] = .onPath
                        let (start, end) = targetRange(target)
                        stack.append((target, start, end))
                    }
                } else {
                    state[top.index] = .done
                    order.append(top.index)
                    stack.removeLast()
                }
            }
        }
        return order
    }
}

/// Where a walk through objects is at one object.
enum VisitState: UInt8 {
    /// Not reached yet.
    case new
    /// On the path being walked.
    case onPath
    /// Walked, with everything it leads to.
    case done
}
