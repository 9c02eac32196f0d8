import SceneCore
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The second phase of a load: components expanded. It takes each
/// `include:` of the scene (and of the components it includes), reads each
/// component file once, follows the chain of includes within its limits
/// (cycles, ``SceneLimits/maxIncludeDepth``,
/// ``SceneLimits/maxExpandedObjects``, ``SceneLimits/maxExpandedBytes``),
/// binds each instance's `params:` and records its `set:` overrides. Its
/// output is one ``IncludeContext`` per instance (the file its objects come
/// from, their id prefix, parameters and parent), which the checking phase
/// (``SceneValidator``) reads each object in; it reports its own mistakes
/// into the collector it is given.
struct ComponentExpansion {
    /// Limits on includes and the files they read.
    let limits: SceneLimits
    /// The files objects come from: the scene's own (0), then one per
    /// instance of a component, in the order they were included.
    var contexts: [IncludeContext] = [IncludeContext()]
    /// Component files read so far, by their canonical path: each is read
    /// and parsed once however many times it is included.
    var components: [String: Result<Int, Diagnostic>] = [:]
    /// The component files read, in order (see ``components``).
    var componentFiles: [ComponentFile] = []
    /// The scene's own file: its name, canonical path, parameters, and its
    /// document while an object of it is checked (it is read as a stream).
    let ownName: String
    let ownCanonicalPath: String
    var ownParameterNames: [String] = []
    var ownDocument: YAMLDocument?
    /// The component files opened, in the order they were first included.
    var includedFiles: [String] = []
    /// Each include's path, as printed and canonical, by the including file and the path written.
    var resolvedIncludes: [IncludeKey: ResolvedInclude] = [:]
    /// The `set:` overrides of the instances so far.
    var overrides: [Override] = []
    /// The indices in ``overrides`` of those that set each object, by its id.
    var overridesByID: [String: [Int]] = [:]
    /// How many instances have been expanded, counted with the objects
    /// against ``SceneLimits/maxExpandedObjects``.
    var expandedInstances = 0
    /// The bytes the instances included so far add (see ``SceneLimits/maxExpandedBytes``).
    var expandedBytes = 0
    /// Whether an include went past a limit: nothing more is included.
    var stoppedIncluding = false

    /// The expansion of the scene named `ownName`.
    init(ownName: String, limits: SceneLimits) {
        self.ownName = ownName
        self.ownCanonicalPath = Self.canonicalPath(ownName)
        self.limits = limits
    }

    /// Where diagnostics about the file of `context` belong: `nil` for the
    /// scene's own file, else the component and the includes that led to it.
    func origin(of context: Int) -> (file: SceneSource, includedFrom: [Diagnostic.Inclusion])? {
        contexts[context].component.map { (componentFiles[$0].source, includedFrom(context)) }
    }

    /// The includes that led to the file of `context`, nearest first.
    func includedFrom(_ context: Int) -> [Diagnostic.Inclusion] {
        var result: [Diagnostic.Inclusion] = []
        var link = context
        while let parent = contexts[link].parent {
            result.append(
                Diagnostic.Inclusion(
                    file: fileName(parent), position: contexts[link].includePosition,
                    instance: String(contexts[link].prefix.dropLast())))
            link = parent
        }
        return result
    }

    /// The name of the file of `context`, as diagnostics print it.
    func fileName(_ context: Int) -> String {
        contexts[context].component.map { componentFiles[$0].source.name } ?? ownName
    }

    /// The parsed file of `context`; for the scene's own file, only while
    /// an object of it is validated.
    func documentOf(_ context: Int) -> YAMLDocument? {
        guard let component = contexts[context].component else { return ownDocument }
        return componentFiles[component].document
    }

    /// The canonical path of the file of `context`.
    func canonicalPath(of context: Int) -> String {
        contexts[context].component.map { componentFiles[$0].canonical } ?? ownCanonicalPath
    }

    /// The parameters the file of `context` declares, in order.
    func parameterNames(_ context: Int) -> [String] {
        contexts[context].component.map { componentFiles[$0].parameterNames } ?? ownParameterNames
    }

    /// The file `path` names, relative to the folder of the file of
    /// `context`: the path to open it by, the same path normalised as
    /// diagnostics print it, and the file's identity.
    mutating func resolveInclude(_ path: String, from context: Int) -> ResolvedInclude {
        let key = IncludeKey(file: contexts[context].component, path: path)
        if let known = resolvedIncludes[key] { return known }
        let includer = contexts[context].component.map { componentFiles[$0].path } ?? ownName
        var open = path
        if !path.hasPrefix("/"), let slash = includer.lastIndex(of: "/") {
            open = String(includer[...slash]) + path
        }
        let resolved = ResolvedInclude(
            open: open, display: Self.lexicallyNormalized(open), identity: Self.canonicalPath(open))
        resolvedIncludes[key] = resolved
        return resolved
    }
}
