import SceneCore
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files components come from: which file diagnostics belong to, the
/// chain of includes, ids seen from a file, and each file read once.
extension SceneValidator {
    /// Makes diagnostics from now on belong to the file of `context`.
    mutating func enter(_ context: Int) {
        diagnostics.origin = contexts[context].component.map { (componentFiles[$0].source, includedFrom(context)) }
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

    /// For an id that names an instance rather than an object: a hint
    /// naming some of its objects by path, as the file that wrote `written` writes them.
    func instanceHint(_ id: String, written: String) -> String? {
        let prefix = id + "."
        var objects: [String] = []
        for candidate in ids where candidate.hasPrefix(prefix) {
            objects.append(written + "." + candidate.dropFirst(prefix.count))
            if objects.count == 4 { break }
        }
        guard !objects.isEmpty else { return nil }
        return "'\(written)' is an instance of a component; name one of its objects, such as "
            + objects.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The ids of the objects declared so far, as the file of `context` writes them.
    func localIDs(_ context: Int) -> [String] {
        let prefix = contexts[context].prefix
        guard !prefix.isEmpty else { return ids }
        return ids.compactMap { localID($0, prefix: prefix) }
    }

    /// `id` as a file whose ids start with `prefix` writes it; `nil` when
    /// the object is not in that file.
    func localID(_ id: String, prefix: String) -> String? {
        guard !prefix.isEmpty else { return id }
        guard id.hasPrefix(prefix) else { return nil }
        return String(id.dropFirst(prefix.count))
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

    /// The identity of the file at `path` as a key: its device and inode
    /// (links followed), so that two files are one only when they are the
    /// same file, whatever their names (a name that is not UTF-8 reaches
    /// Swift with its bytes replaced, and two such names would compare
    /// equal); `path` itself when there is no such file (a scene in memory).
    static func canonicalPath(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "path:" + path }
        return "file:\(status.st_dev):\(status.st_ino)"
    }

    /// `path` with `.`, empty components and `name/..` taken out, as text
    /// (links are not looked at): `Mistakes/../Scenes//a.yaml` is
    /// `Scenes/a.yaml`. For what diagnostics show; files are opened by the
    /// path as written.
    static func lexicallyNormalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// What the file at `path` is when it exists and is neither a regular
    /// file nor a folder (links followed): "a pipe", "a device", "a socket".
    static func nonRegularKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a pipe"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Reads and parses the component at `path` once; later calls give the
    /// same file. A file that cannot be read is reported at `includeSpan`.
    /// Returns its index in ``componentFiles``.
    mutating func component(
        _ include: ResolvedInclude, at includeSpan: SourceSpan, includedFrom: [Diagnostic.Inclusion]
    ) -> Int? {
        let (path, canonical) = (include.open, include.identity)
        switch components[canonical] {
        case .success(let index)?: return index
        case .failure(var diagnostic)?:
            if diagnostic.file == nil { diagnostic.span = includeSpan }
            diagnostics.add(diagnostic)
            return nil
        case nil: includedFiles.append(path)
        }
        let source: SceneSource
        do throws(Diagnostic) {
            // A pipe, a terminal or a device (`/dev/stdin`) is refused
            // unopened: reading one could wait, and take what it gives once.
            if let kind = Self.nonRegularKind(path) {
                throw SceneProblem.unreadableFile(
                    path: include.display, reason: "it is \(kind), and a component must be a regular file",
                    hint: "include a component file; only the scene itself can be read from a pipe"
                ).diagnostic(at: includeSpan)
            }
            source = try SceneSource(
                contentsOf: path, named: include.display, maxBytes: limits.yaml.maxInputBytes,
                maxWait: limits.maxReadWait)
        } catch {
            var diagnostic = error
            diagnostic.span = includeSpan
            if diagnostic.hint == nil { diagnostic.hint = "an include's path is relative to the file that includes it" }
            diagnostics.add(diagnostic)
            components[canonical] = .failure(diagnostic)
            return nil
        }
        let saved = diagnostics.origin
        diagnostics.origin = (source, includedFrom)
        defer { diagnostics.origin = saved }
        let document: YAMLDocument
        do {
            document = try YAMLDocumentReader.readDocument(source.bytes, limits: limits.yaml, pipelining: .off)
        } catch {
            var diagnostic = Diagnostic(error)
            diagnostic.file = source
            diagnostic.includedFrom = includedFrom
            diagnostics.add(diagnostic)
            components[canonical] = .failure(diagnostic)
            return nil
        }
        let file = componentFile(source, path: path, canonical, document)
        componentFiles.append(file)
        components[canonical] = .success(componentFiles.count - 1)
        return componentFiles.count - 1
    }

    /// Checks the top level of a component and reads its `params:`.
    mutating func componentFile(
        _ source: SceneSource, path: String, _ canonical: String, _ document: YAMLDocument
    ) -> ComponentFile {
        var objects: YAMLDocument.Node?
        var parameters: [ParameterDeclaration] = []
        var declaresParameters = false
        guard let root = document.root, document.kind(root) == .mapping else {
            if let root = document.root {
                diagnostics.add(.fileNotAMapping(found: document.kindDescription(root)), at: document.span(root))
            } else {
                diagnostics.add(.emptyFile, at: SourceSpan(at: .start))
            }
            return ComponentFile(
                source: source, path: path, canonical: canonical, document: document, objects: nil,
                declaresParameters: false,
                parameters: [], parameterNames: [], ids: [])
        }
        var sawObjects = false
        for entry in document.entries(root) {
            switch entry.key {
            case "scene", "description", "version", "script": break
            case "params":
                declaresParameters = true
                parameters = parameterDeclarations(document, entry.value)
            case "objects":
                sawObjects = true
                if document.kind(entry.value) == .mapping {
                    objects = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .objectsNotAMapping(found: document.kindDescription(entry.value)),
                        at: document.span(entry.value))
                }
            default:
                diagnostics.add(
                    .unknownTopLevelKey(
                        key: entry.key, suggestion: Suggestions.closest(to: entry.key, in: SceneValidator.topLevelKeys)),
                    at: document.writtenSpan(entry.keyNode))
            }
        }
        if !sawObjects { diagnostics.add(.missingObjects, at: document.span(root)) }
        return ComponentFile(
            source: source, path: path, canonical: canonical, document: document, objects: objects,
            declaresParameters: declaresParameters,
            parameters: parameters, parameterNames: parameters.map(\.name),
            ids: objects.map { document.entries($0).map(\.key) } ?? [])
    }
}
