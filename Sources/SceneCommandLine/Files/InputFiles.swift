import SceneCore
import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files a command reads, to refuse an output that is one of them.
package struct InputFiles {
    private var identities: [FileIdentity: String] = [:]
    private var canonicalPaths: [String: String] = [:]
    /// The command's standard output and error
    /// (``CommandContext/standardOutputs``): an output file that is one of
    /// them is written through it.
    var standardOutputs: [StandardOutput] = []

    /// The files at `paths` (those that cannot be looked at are left out).
    package init(_ paths: [String] = []) {
        for path in paths { add(path) }
    }

    /// Adds the file at `path`.
    package mutating func add(_ path: String) {
        if let identity = FileIdentity(path) { identities[identity] = identities[identity] ?? path }
        let canonical = PathResolver.resolved(path)
        canonicalPaths[canonical] = canonicalPaths[canonical] ?? path
    }

    /// The input that `path` would write over, or `nil`.
    func file(matching path: String) -> String? {
        if let identity = FileIdentity(path), let input = identities[identity] { return input }
        return canonicalPaths[PathResolver.resolved(OutputFile.resolvingLinks(path) ?? path)]
    }
}
