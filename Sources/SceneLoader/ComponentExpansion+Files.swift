import SceneCore
import SceneOutput
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An include's file: the path to open, as diagnostics show it, and its identity.
struct ResolvedInclude {
    let open: String
    let display: String
    let identity: ComponentFileKey
}

/// What tells component files apart: the file's ``FileIdentity``, or its
/// path when there is no file by that name (a scene held in memory).
enum ComponentFileKey: Hashable {
    case file(FileIdentity)
    case path(String)
}

/// An `include:` path as written in one file (its index in
/// ``ComponentExpansion/componentFiles``, `nil` for the scene's own).
struct IncludeKey: Hashable {
    let file: Int?
    let path: String
}

/// A component file, read and parsed once per load.
struct ComponentFile {
    /// Its text, named as diagnostics show it (normalised: `Scenes/c.yaml`).
    let source: SceneSource
    /// The path it was opened by, as the includes joined it
    /// (`Mistakes/../Scenes/c.yaml`): its own includes are relative to it.
    let path: String
    /// Its identity (see ``ComponentExpansion/canonicalPath(_:)``), for cycles
    /// and for reading it once.
    let canonical: ComponentFileKey
    let document: YAMLDocument
    /// Its `objects:` mapping.
    let objects: YAMLDocument.Node?
    /// Whether it has `params:` (where `$name` values are references).
    let declaresParameters: Bool
    let parameters: [ParameterDeclaration]
    /// The names of ``parameters``, in order.
    let parameterNames: [String]
    /// Its objects' ids, for suggestions.
    let ids: [String]
}

/// Reading the component files: each once, by its identity.
extension ComponentExpansion {
    /// The identity of the file at `path` as a key: its device and inode
    /// (links followed), so that two files are one only when they are the
    /// same file, whatever their names (a name that is not UTF-8 reaches
    /// Swift with its bytes replaced, and two such names would compare
    /// equal); `path` itself when there is no such file (a scene in memory).
    static func canonicalPath(_ path: String) -> ComponentFileKey {
        FileIdentity(path).map(ComponentFileKey.file) ?? .path(path)
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
    /// same file. A file that cannot be read is reported at `includeSpan`
    /// in `file`, the includer; what its own text gets wrong, in it.
    /// Returns its index in ``componentFiles``.
    mutating func component(
        _ include: ResolvedInclude, at includeSpan: SourceSpan, in file: ObjectFile,
        includedFrom: [Diagnostic.Inclusion], into diagnostics: inout DiagnosticCollector
    ) -> Int? {
        let (path, canonical) = (include.open, include.identity)
        switch components[canonical] {
        case .success(let index)?: return index
        case .failure(var diagnostic)?:
            if diagnostic.file == nil { diagnostic.span = includeSpan }
            diagnostics.add(diagnostic, in: file.origin)
            return nil
        case nil: includedFiles.append(path)
        }
        let source: SceneSource
        do throws(Diagnostic) {
            // A pipe, a terminal or a device (`/dev/stdin`) is refused
            // unopened: reading one could wait, and take what it gives once.
            if unsavedFiles[Self.lexicallyNormalized(path)] == nil, let kind = Self.nonRegularKind(path) {
                throw SceneProblem.unreadableFile(
                    path: include.display, reason: "it is \(kind), and a component must be a regular file",
                    hint: "include a component file; only the scene itself can be read from a pipe"
                ).diagnostic(at: includeSpan)
            }
            if let unsaved = unsavedFiles[Self.lexicallyNormalized(path)] {
                guard unsaved.count <= limits.yaml.maxInputBytes else {
                    throw SceneProblem.fileTooLarge(
                        path: include.display, size: unsaved.count, limit: limits.yaml.maxInputBytes
                    ).diagnostic(at: includeSpan)
                }
                source = SceneSource(name: include.display, bytes: unsaved)
            } else {
                source = try SceneSource(
                    contentsOf: path, named: include.display, maxBytes: limits.yaml.maxInputBytes,
                    maxWait: limits.maxReadWait)
            }
        } catch {
            var diagnostic = error
            diagnostic.span = includeSpan
            if diagnostic.hint == nil { diagnostic.hint = "an include's path is relative to the file that includes it" }
            diagnostics.add(diagnostic, in: file.origin)
            components[canonical] = .failure(diagnostic)
            return nil
        }
        let origin: DiagnosticOrigin = (source, includedFrom)
        let document: YAMLDocument
        do {
            document = try YAMLDocumentReader.readDocument(source.bytes, limits: limits.yaml, pipelining: .off)
        } catch {
            var diagnostic = Diagnostic(error)
            diagnostic.file = source
            diagnostic.includedFrom = includedFrom
            diagnostics.add(diagnostic, in: origin)
            components[canonical] = .failure(diagnostic)
            return nil
        }
        componentFiles.append(componentFile(source, path: path, canonical, document, in: origin, into: &diagnostics))
        components[canonical] = .success(componentFiles.count - 1)
        return componentFiles.count - 1
    }

    /// Checks the top level of a component and reads its `params:`.
    mutating func componentFile(
        _ source: SceneSource, path: String, _ canonical: ComponentFileKey, _ document: YAMLDocument,
        in origin: DiagnosticOrigin, into diagnostics: inout DiagnosticCollector
    ) -> ComponentFile {
        var objects: YAMLDocument.Node?
        var parameters: [ParameterDeclaration] = []
        var declaresParameters = false
        guard let root = document.root, document.kind(root) == .mapping else {
            if let root = document.root {
                diagnostics.add(
                    .fileNotAMapping(found: document.kindDescription(root)), at: document.span(root), in: origin)
            } else {
                diagnostics.add(.emptyFile, at: SourceSpan(at: .start), in: origin)
            }
            return ComponentFile(
                source: source, path: path, canonical: canonical, document: document, objects: nil,
                declaresParameters: false,
                parameters: [], parameterNames: [], ids: [])
        }
        var sawObjects = false
        for entry in document.entries(root) {
            switch entry.key {
            case "scene", "description", "version", "canvas", "script": break
            case "params":
                declaresParameters = true
                parameters = parameterDeclarations(document, entry.value, in: origin, into: &diagnostics)
            case "objects":
                sawObjects = true
                if document.kind(entry.value) == .mapping {
                    objects = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .objectsNotAMapping(found: document.kindDescription(entry.value)),
                        at: document.span(entry.value), in: origin)
                }
            default:
                diagnostics.add(
                    .unknownTopLevelKey(
                        key: entry.key, suggestion: Suggestions.closest(to: entry.key, in: SceneValidator.topLevelKeys)),
                    at: document.writtenSpan(entry.keyNode), in: origin)
            }
        }
        if !sawObjects { diagnostics.add(.missingObjects, at: document.span(root), in: origin) }
        return ComponentFile(
            source: source, path: path, canonical: canonical, document: document, objects: objects,
            declaresParameters: declaresParameters,
            parameters: parameters, parameterNames: parameters.map(\.name),
            ids: objects.map { document.entries($0).map(\.key) } ?? [])
    }
}
