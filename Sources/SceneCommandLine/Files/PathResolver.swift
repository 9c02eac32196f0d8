#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths made absolute with the system's view of them: how a recording's
/// `include:` paths are rewritten (``IncludePaths``) and how an output file
/// is compared with the files a command reads (``InputFiles``).
///
///     PathResolver.resolved("Scenes/../Scenes/player.yaml")
///     // "/home/me/project/Scenes/player.yaml"
enum PathResolver {
    /// `path` made absolute, with links and `..` resolved as far as it
    /// exists (a missing file: its folder resolved, the name kept; a
    /// missing folder: `path` as it is).
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

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
