import SceneLoader
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scene's text with its `include:` paths made to work from another
/// folder: a copy of the scene written elsewhere (a `live --record`
/// recording) includes the same component files as the original.
enum IncludePaths {
    /// The bytes of `source` with each relative `include:` of its objects
    /// rewritten relative to the folder of `destination` (or absolute, when
    /// the folder cannot be resolved), written double-quoted. A text that
    /// does not read as YAML is given back as it is.
    static func rewritten(_ source: SceneSource, for destination: String) -> [UInt8] {
        guard let document = try? YAMLDocumentReader.readDocument(source.bytes, pipelining: .off),
            let root = document.root, document.kind(root) == .mapping,
            let objects = document.entry(root, "objects"), document.kind(objects.value) == .mapping
        else { return source.bytes }
        let sceneFolder = folder(of: source.name)
        let destinationFolder = resolved(folder(of: destination))
        var replacements: [(range: Range<Int>, text: String)] = []
        for object in document.entries(objects.value) where document.kind(object.value) == .mapping {
            guard let include = document.entry(object.value, "include"), let path = document.text(include.value),
                !path.isEmpty, !path.hasPrefix("/")
            else { continue }
            let target = resolved(sceneFolder + "/" + path)
            let rewritten = destinationFolder.hasPrefix("/") ? relative(target, from: destinationFolder) : target
            replacements.append((document.offsets(include.value), LiveRecording.quoted(rewritten)))
        }
        var bytes = source.bytes
        // From the last to the first, so that earlier offsets stay right.
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound })
        where replacement.range.upperBound <= bytes.count {
            bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
        }
        return bytes
    }

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute, with links and `..` resolved as far as it
    /// exists (a missing file: its folder resolved, the name kept).
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let parent = folder(of: path)
        guard parent != path, let real = realpath(parent, nil) else { return path }
        defer { free(real) }
        let base = String(cString: real)
        return (base == "/" ? "" : base) + "/" + name
    }

    /// The path from the absolute folder `folder` to the absolute `target`:
    /// `../components/a.yaml`.
    static func relative(_ target: String, from folder: String) -> String {
        guard target.hasPrefix("/") else { return target }
        let to = target.split(separator: "/")
        let from = folder.split(separator: "/")
        var common = 0
        while common < min(to.count, from.count) && to[common] == from[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let parts = ups + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
