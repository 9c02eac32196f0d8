import SceneLoader
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scene's `include:` paths made to work from another folder: a copy of
/// the scene written elsewhere (a `live --record` recording, see
/// ``RecordedScene``) includes the same component files as the original.
enum IncludePaths {
    /// Where each relative `include:` of the objects of `document` (the
    /// scene named `sceneName`) is written, with the path that names the
    /// same file from the folder of `destination` (absolute, when the
    /// folder cannot be resolved).
    static func replacements(in document: YAMLDocument, of sceneName: String, for destination: String)
        -> [(range: Range<Int>, path: String)]
    {
        guard let root = document.root, document.kind(root) == .mapping,
            let objects = document.entry(root, "objects"), document.kind(objects.value) == .mapping
        else { return [] }
        let sceneFolder = PathResolver.folder(of: sceneName)
        let destinationFolder = PathResolver.resolved(PathResolver.folder(of: destination))
        var replacements: [(range: Range<Int>, path: String)] = []
        for object in document.entries(objects.value) where document.kind(object.value) == .mapping {
            guard let include = document.entry(object.value, "include"), let path = document.text(include.value),
                !path.isEmpty, !path.hasPrefix("/")
            else { continue }
            let target = PathResolver.resolved(sceneFolder + "/" + path)
            let rewritten = destinationFolder.hasPrefix("/") ? relative(target, from: destinationFolder) : target
            replacements.append((document.offsets(include.value), rewritten))
        }
        return replacements
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
