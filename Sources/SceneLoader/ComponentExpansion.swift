import SceneCore
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an object is written in: the scene's own, or one instance of a
/// component (the component's file, with the instance's id prefix,
/// parameters and parent). ``ComponentExpansion`` makes one per instance
/// and gives it with each object; the checks and the references read it
/// for the object's ids, its parameters, and where its diagnostics go.
final class ObjectFile {
    /// The component, and its index in ``ComponentExpansion/componentFiles``;
    /// `nil` for the scene's own file.
    let component: ComponentFile?
    let componentIndex: Int?
    /// The file whose `include:` made this instance; `nil` for the scene's own file.
    let includer: ObjectFile?
    /// The file's name as diagnostics print it, and its identity (see
    /// ``ComponentExpansion/canonicalPath(_:)``).
    let name: String
    let canonical: ComponentFileKey
    /// The instance's path and a dot (`left.`), put before every id of the file.
    let prefix: String
    let prefixBytes: [UInt8]
    /// The value of each parameter; `nil` when the file declares none, and
    /// `$name` is then plain text.
    let parameters: [String: ParameterBinding]?
    /// The parameters the file declares, in order.
    let parameterNames: [String]
    /// What the component's root views (those with no `parent`) are placed under.
    let rootParent: ParentSite?
    /// Where the scene's own file writes the outermost instance's id.
    let siteOffsets: Range<Int>
    /// Where diagnostics about the file go; `nil` for the scene's own file.
    let origin: DiagnosticOrigin?

    init(
        component: ComponentFile?, componentIndex: Int?, includer: ObjectFile?, name: String,
        canonical: ComponentFileKey,
        prefix: String, parameters: [String: ParameterBinding]?, parameterNames: [String], rootParent: ParentSite?,
        siteOffsets: Range<Int>, origin: DiagnosticOrigin?
    ) {
        self.component = component
        self.componentIndex = componentIndex
        self.includer = includer
        self.name = name
        self.canonical = canonical
        self.prefix = prefix
        self.prefixBytes = Array(prefix.utf8)
        self.parameters = parameters
        self.parameterNames = parameterNames
        self.rootParent = rootParent
        self.siteOffsets = siteOffsets
        self.origin = origin
    }

    /// Whether this is the scene's own file.
    var isOwn: Bool { component == nil }

    /// The file's document: the component's, or for the scene's own file
    /// (which is read as a stream, and so not kept) `own`.
    func document(own: YAMLDocument) -> YAMLDocument {
        component?.document ?? own
    }
}

/// The `parent:` of an instance, given to the component's root views.
struct ParentSite {
    /// The parent's id by path, and as written.
    let id: String
    let written: String
    let offsets: Range<Int>
    /// The file it is written in.
    let file: ObjectFile
}

/// One object to check, as the expansion gives it: its entry, the file it
/// is written in, and what the instances around it give it.
struct ExpandedObject {
    /// Its entry in the file's `objects:`.
    let entry: YAMLDocument.Entry
    let file: ObjectFile
    /// Its id by path: the file's prefix and the id as written.
    let id: String
    /// What the instances around it give it (see ``GivenMember``), in
    /// ``ExpandedScene/given``: the root parent, then the `set:` overrides
    /// that set it, outermost instance's last (so that it wins).
    let given: Range<Int>
    /// Where an instance of the same id was written earlier in the scene's own file.
    let instanceWrittenFirst: Int?
}

/// The second phase of a load: components expanded. The scene's parsed
/// document goes in (``expand(_:limits:)``), and the objects its entries of
/// `objects:` stand for come out, flat, each with the ``ObjectFile`` it is written in:
/// an object as it is, an instance of a component as the component's
/// objects (instances in it expanded in turn). It reads each component file
/// once, follows the chain of includes within its limits (cycles,
/// ``SceneLimits/maxIncludeDepth``, ``SceneLimits/maxExpandedObjects``,
/// ``SceneLimits/maxExpandedBytes``), binds each instance's `params:` and
/// completes each object of a component with what its instances give it
/// (``GivenMember``: the root views' parent, the `set:` overrides checked
/// against the object's type); it reports its own mistakes into the
/// collector it is given. The declaration that follows sees plain objects.
struct ComponentExpansion {
    /// The types, for the members the instances give.
    let registry: SceneRegistry
    /// Limits on includes and the files they read.
    let limits: SceneLimits
    /// Texts read instead of files, by normalised path (``SceneLoader/unsavedFiles``).
    var unsavedFiles: [String: [UInt8]] = [:]
    /// What the instances give the objects of components, object by object.
    var given: [GivenMember] = []
    /// The scene's own file; made when its first object is read (see ``begin(_:)``).
    private(set) var ownFile: ObjectFile
    /// Component files read so far, by their canonical path: each is read
    /// and parsed once however many times it is included.
    var components: [ComponentFileKey: Result<Int, Diagnostic>] = [:]
    /// The component files read, in order (see ``components``).
    var componentFiles: [ComponentFile] = []
    /// The component files opened, in the order they were first included.
    var includedFiles: [String] = []
    /// Each include's path, as printed and canonical, by the including file and the path written.
    var resolvedIncludes: [IncludeKey: ResolvedInclude] = [:]
    /// The `set:` overrides of the instances being expanded, by the id of
    /// the object they set.
    var overridesByID: [String: [Override]] = [:]
    /// Where each instance of the scene's own file is written, by id.
    var instanceOffsets: [String: Int] = [:]
    /// How many objects have been given, and instances expanded, counted
    /// against ``SceneLimits/maxExpandedObjects``.
    var expandedObjects = 0
    var expandedInstances = 0
    /// The bytes the instances included so far add (see ``SceneLimits/maxExpandedBytes``).
    var expandedBytes = 0
    /// Whether an include went past a limit: nothing more is included.
    var stoppedIncluding = false
    /// Where each id given so far is first written, by id; made at the
    /// first instance of the scene's own file, whose id must not repeat
    /// an earlier object's (a scene without instances needs none).
    var earlierIDs: [String: Int]?

    /// The phase: the objects every entry of the scene's `objects:` stands
    /// for, in file order, and the mistakes found in the instances and the
    /// component files they include.
    ///
    /// - Complexity: O(n) in the scene's and its components' objects.
    static func expand(
        _ parsed: ParsedScene, registry: SceneRegistry, limits: SceneLimits, unsavedFiles: [String: [UInt8]] = [:]
    ) -> (ExpandedScene, PhaseDiagnostics) {
        var expansion = ComponentExpansion(ownName: parsed.source.name, registry: registry, limits: limits)
        expansion.unsavedFiles = unsavedFiles
        var diagnostics = DiagnosticCollector(limit: limits.maxDiagnostics, after: [parsed.diagnostics])
        var objects: [ExpandedObject] = []
        let document = parsed.document
        if let root = document.root, document.kind(root) == .mapping {
            // The scene's own `params:` are read only for a scene with objects to use them.
            if let entries = document.entry(root, "objects")?.value, document.kind(entries) == .mapping,
                document.count(entries) > 0
            {
                expansion.begin(document, into: &diagnostics)
                objects.reserveCapacity(document.count(entries) / 2)
                document.forEachEntry(entries) {
                    expansion.expand(
                        document, $0, in: expansion.ownFile, own: document, appendingTo: &objects,
                        into: &diagnostics)
                }
            }
        }
        let expanded = ExpandedScene(
            parsed: parsed, objects: objects, given: expansion.given, ownFile: expansion.ownFile,
            includedFiles: expansion.includedFiles)
        return (expanded, diagnostics.found)
    }

    /// The expansion of the scene named `ownName`, its objects' types those of `registry`.
    init(ownName: String, registry: SceneRegistry, limits: SceneLimits) {
        self.registry = registry
        self.limits = limits
        self.ownFile = ObjectFile(
            component: nil, componentIndex: nil, includer: nil, name: ownName, canonical: Self.canonicalPath(ownName),
            prefix: "", parameters: nil, parameterNames: [], rootParent: nil, siteOffsets: 0..<0, origin: nil)
    }

    /// Reads the scene's own `params:`, written before its `objects:`: a
    /// component checked or run on its own takes its parameters' defaults.
    mutating func begin(_ document: borrowing YAMLDocument, into diagnostics: inout DiagnosticCollector) {
        guard let params = document.rootEntry("params", before: "objects") else { return }
        let (bindings, names) = bindOwnParameters(copy document, params, into: &diagnostics)
        ownFile = ObjectFile(
            component: nil, componentIndex: nil, includer: nil, name: ownFile.name, canonical: ownFile.canonical,
            prefix: "", parameters: bindings, parameterNames: names, rootParent: nil, siteOffsets: 0..<0, origin: nil)
    }

    /// Appends the objects `entry`, written in `file` (whose document is
    /// `document`), stands for; `own` is the scene's own file's document.
    mutating func expand(
        _ document: YAMLDocument, _ entry: YAMLDocument.Entry, in file: ObjectFile, own: YAMLDocument,
        appendingTo objects: inout [ExpandedObject], into diagnostics: inout DiagnosticCollector
    ) {
        // An instance has `include` and no `type` (with both, `include` is reported as a mistake).
        if document.kind(entry.value) == .mapping, document.entry(entry.value, "type") == nil,
            document.entry(entry.value, "include") != nil
        {
            expandInstance(document, entry, in: file, own: own, appendingTo: &objects, into: &diagnostics)
            return
        }
        expandedObjects += 1
        if earlierIDs != nil {
            let id = file.prefix + entry.key
            if earlierIDs?[id] == nil { earlierIDs?[id] = document.offsets(entry.keyNode).lowerBound }
        }
        guard !file.isOwn else {
            var first: Int?
            if !instanceOffsets.isEmpty { first = instanceOffsets[entry.key] }
            // A component checked on its own: its `$name` uses take the defaults.
            let given =
                file.parameters == nil
                ? 0..<0 : complete(document, entry, in: file, overrides: [], own: own, into: &diagnostics)
            objects.append(
                ExpandedObject(entry: entry, file: file, id: entry.key, given: given, instanceWrittenFirst: first))
            return
        }
        let id = file.prefix + entry.key
        var overrides: [Override] = []
        if !overridesByID.isEmpty, let list = overridesByID[id] {
            overrides = list.reversed()
            for override in list { override.use() }
        }
        let given = complete(document, entry, in: file, overrides: overrides, own: own, into: &diagnostics)
        objects.append(ExpandedObject(entry: entry, file: file, id: id, given: given, instanceWrittenFirst: nil))
    }

    /// Appends the objects of the instance of a component declared by
    /// `entry` in `file`: its id checked, its `include:` followed (see
    /// ``expand(_:_:name:in:own:into:)``), then its component's entries
    /// expanded in turn, with their ids prefixed by the instance's path;
    /// then the `set:` entries that named none of them are reported.
    mutating func expandInstance(
        _ document: YAMLDocument, _ entry: YAMLDocument.Entry, in file: ObjectFile, own: YAMLDocument,
        appendingTo objects: inout [ExpandedObject], into diagnostics: inout DiagnosticCollector
    ) {
        let name = file.prefix + entry.key
        var isValid = false
        document.withScalarBytes(entry.keyNode) { isValid = SceneRegistry.isIdentifier(utf8: $0) }
        if !isValid {
            diagnostics.add(.invalidID(id: entry.key), at: document.writtenSpan(entry.keyNode), in: file.origin)
        }
        if file.isOwn {
            // Objects given in this entry come after it: only those given before count.
            if let first = firstOffset(ofID: entry.key, givenIn: objects, own: own) ?? instanceOffsets[entry.key] {
                diagnostics.add(
                    .duplicateID(id: entry.key), at: document.writtenSpan(entry.keyNode),
                    in: file.origin,
                    notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: first))])
                return
            }
            instanceOffsets[entry.key] = document.offsets(entry.keyNode).lowerBound
        }
        guard let instance = expand(document, entry, name: name, in: file, own: own, into: &diagnostics) else {
            return
        }
        if let entries = instance.file.component?.objects, let component = instance.file.component {
            component.document.forEachEntry(entries) {
                expand(
                    component.document, $0, in: instance.file, own: own, appendingTo: &objects, into: &diagnostics)
            }
        }
        finish(instance, document, in: file, into: &diagnostics)
    }

    /// Where the object `id` among `objects` (those given so far) is first
    /// written; `nil` when none is.
    mutating func firstOffset(ofID id: String, givenIn objects: [ExpandedObject], own: YAMLDocument) -> Int? {
        if earlierIDs == nil {
            var ids: [String: Int] = [:]
            for object in objects where ids[object.id] == nil {
                ids[object.id] = object.file.document(own: own).offsets(object.entry.keyNode).lowerBound
            }
            earlierIDs = ids
        }
        return earlierIDs?[id]
    }

    /// The canonical path of the file the scene's own file names `path`,
    /// relative to the folder of `file`: the path to open it by, the same
    /// path normalised as diagnostics print it, and the file's identity.
    mutating func resolveInclude(_ path: String, from file: ObjectFile) -> ResolvedInclude {
        let key = IncludeKey(file: file.componentIndex, path: path)
        if let known = resolvedIncludes[key] { return known }
        let includer = file.component?.path ?? file.name
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
