import SceneCore
import SceneLoader
import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reference pictures of one scene's `snapshot:` steps, in one folder:
/// `NAME.svg` is the reference; a picture that differs is written as
/// `NAME.new.svg`, with `NAME.diff.html` showing both side by side. A
/// later run that matches (or updates) removes those two.
///
/// The folder is resolved once (``SnapshotFolder``): the folders the store
/// adds below the scene's own (`Snapshots/NAME`) are made and opened
/// without following a link, and each file is named by one component in
/// the last of them, so nothing is written outside it. A scene file whose
/// name would take the folder elsewhere (`...yaml` gives `Snapshots/..`)
/// keeps no references: its steps fail, saying why.
///
/// Files are written whole or not at all (a temporary file renamed into
/// place), and only as regular files: a symbolic link, a device, a FIFO or
/// a folder where a picture would go is never written through or
/// replaced, nor is a file the run reads (the scene, a component); the
/// step fails, saying so.
package struct SnapshotStore: Sendable {
    /// The largest reference read, in bytes.
    static let maxReferenceBytes = 64 << 20

    /// The folder of the references, as a path.
    package var folder: String { location?.path ?? "" }
    /// The folder, resolved; `nil` when ``problem`` says why there is none.
    let location: SnapshotFolder?
    /// Whether pictures that differ (or have no reference) become references.
    package let updatesReferences: Bool
    /// Why this run cannot keep snapshots (no scene file to keep them
    /// beside, or a name that would leave their folder), or `nil`.
    let problem: String?
    /// The files the run reads, which are never written: asked only when
    /// a file would be replaced.
    let inputs: @Sendable () -> [String]

    /// A store over `folder`.
    package init(folder: String, updatesReferences: Bool) {
        location = SnapshotFolder(base: folder, components: [])
        self.updatesReferences = updatesReferences
        problem = nil
        inputs = { [] }
    }

    /// The store `policy` gives the scene in `source`, which reads the
    /// files `includes` lists besides the scene file (the components it
    /// includes; asked only when a file would be replaced).
    /// References kept beside the scene need a scene file: a scene read
    /// from a pipe, a device or memory has no folder to keep them in, and
    /// its snapshot steps fail saying so.
    package init(
        _ policy: SnapshotPolicy, for source: SceneSource, includes: @escaping @Sendable () -> [String] = { [] }
    ) {
        updatesReferences = policy.updatesReferences
        let name = source.name
        inputs = { [name] + includes() }
        var status = stat()
        if policy.folder == .besideScene, stat(source.name, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
            location = nil
            problem =
                "'\(source.name)' is not a scene file, so there is no folder beside it for the reference pictures;"
                + " run the scene from its file, or give the runner a folder (SnapshotPolicy(folder: .at(...)))"
            return
        }
        switch policy.location(for: source) {
        case .success(let folder):
            location = folder
            problem = nil
        case .failure(let failure):
            location = nil
            problem = failure.reason
        }
    }

    /// Compares `picture` (SVG text) with the reference named `name`, and
    /// writes what the result says it wrote.
    package func compare(name: String, picture: String) -> SnapshotResult {
        guard let location else { return .unavailable(reference: name + ".svg", reason: problem ?? "") }
        let reference = location.path(of: name + ".svg")
        if let problem = SnapshotFolder.problem(with: name + ".new.svg") {
            return .unavailable(reference: reference, reason: "'\(name)' cannot name a snapshot: it is \(problem)")
        }
        let bytes = Array(picture.utf8)
        let old: [UInt8]
        switch read(name + ".svg") {
        case .failure(let failure):
            return .unavailable(reference: reference, reason: "the reference \(reference) cannot be read: \(failure)")
        case .success(nil):
            if let reason = write([(name + ".svg", bytes)], removing: [name + ".new.svg", name + ".diff.html"]) {
                return .unavailable(reference: reference, reason: "the picture could not be written: \(reason)")
            }
            return updatesReferences ? .updated(reference: reference) : .recorded(reference: reference)
        case .success(let found?):
            old = found
        }
        if Self.withUnixLineBreaks(old) == bytes {
            _ = write([], removing: [name + ".new.svg", name + ".diff.html"])
            return .matched(reference: reference)
        }
        if updatesReferences {
            if let reason = write([(name + ".svg", bytes)], removing: [name + ".new.svg", name + ".diff.html"]) {
                return .unavailable(reference: reference, reason: "the new reference could not be written: \(reason)")
            }
            return .updated(reference: reference)
        }
        let newPicture = location.path(of: name + ".new.svg")
        let comparison = location.path(of: name + ".diff.html")
        let page = SnapshotComparisonPage.html(
            name: name, reference: reference, old: Self.withUnixLineBreaks(old), new: bytes)
        if let reason = write([(name + ".new.svg", bytes), (name + ".diff.html", Array(page.utf8))], removing: []) {
            return .unavailable(
                reference: reference,
                reason: "the picture differs from \(reference), and the new one could not be written: \(reason)")
        }
        return .differs(reference: reference, picture: newPicture, comparison: comparison)
    }

    /// The bytes of the file `name` in the folder, `nil` when there is none
    /// (nor a folder), or why it cannot be read. A link to a reference is
    /// read through (never written through); the folders on the way are not.
    func read(_ name: String) -> Result<[UInt8]?, SnapshotFileFailure> {
        guard let location else { return .success(nil) }
        let folder: Int32
        switch location.open(creating: false) {
        case .failure(let failure): return .failure(failure)
        case .success(nil): return .success(nil)
        case .success(let opened?): folder = opened
        }
        defer { _ = close(folder) }
        var status = stat()
        if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) != 0 {
            return errno == ENOENT ? .success(nil) : .failure(SnapshotFileFailure(errno: errno))
        }
        if (status.st_mode & S_IFMT) == S_IFLNK {
            // A dangling link is an error.
            guard fstatat(folder, name, &status, 0) == 0 else { return .failure(SnapshotFileFailure(errno: errno)) }
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(SnapshotFileFailure("it is not a regular file"))
        }
        do {
            return .success(
                try SceneSource(contentsOf: location.path(of: name), maxBytes: Self.maxReferenceBytes).bytes)
        } catch {
            return .failure(SnapshotFileFailure(error.message))
        }
    }

    /// Writes each file (a name in the folder and its bytes) whole, making
    /// the folder first, and removes the leftovers named (regular files
    /// only); why it could not, or `nil`.
    func write(_ files: [(name: String, bytes: [UInt8])], removing leftovers: [String]) -> String? {
        guard let location else { return problem }
        let folder: Int32
        switch location.open(creating: !files.isEmpty) {
        case .failure(let failure): return failure.reason
        case .success(nil): return nil
        case .success(let opened?): folder = opened
        }
        defer { _ = close(folder) }
        var inputs: [FileIdentity]?
        for (name, bytes) in files {
            let path = location.path(of: name)
            var status = stat()
            if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                if (status.st_mode & S_IFMT) != S_IFREG {
                    let what =
                        switch status.st_mode & S_IFMT {
                        case S_IFLNK: "a symbolic link"
                        case S_IFDIR: "a folder"
                        case S_IFIFO: "a FIFO"
                        default: "a device or socket"
                        }
                    return
                        "\(path) is \(what), which a snapshot never writes through or replaces; remove it or name the snapshot otherwise"
                }
                if inputs == nil { inputs = self.inputs().compactMap { FileIdentity($0) } }
                if inputs?.contains(FileIdentity(status)) == true {
                    return
                        "\(path) is a file this run reads (the scene or a component it includes), which a snapshot never replaces; name the snapshot otherwise"
                }
            }
            if let failure = AtomicFile.write(bytes, named: name, in: folder, path: path) {
                return "\(path): \(failure.reason)"
            }
        }
        for name in leftovers {
            var status = stat()
            if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) == S_IFREG {
                unlinkat(folder, name, 0)
            }
        }
        return nil
    }

    /// Makes `folder` and the folders above it that are missing; why it
    /// could not, or `nil`.
    static func makeFolders(_ folder: String) -> String? {
        guard !folder.isEmpty else { return nil }
        var path = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + part
            if mkdir(path, 0o777) != 0, errno != EEXIST {
                return "the folder \(path) could not be made: \(SnapshotFileFailure(errno: errno).reason)"
            }
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                return "\(path) is not a folder, so the snapshot cannot be kept in it"
            }
        }
        return nil
    }

    /// `bytes` with every CR LF made LF: a reference checked out with
    /// Windows line breaks is the same drawing.
    static func withUnixLineBreaks(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(13) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() where !(byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10)
        {
            result.append(byte)
        }
        return result
    }
}
