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
/// Files are written whole or not at all (a temporary file renamed into
/// place), and only as regular files: a symbolic link, a device, a FIFO or
/// a folder where a picture would go is never written through or
/// replaced; the step fails, saying so.
package struct SnapshotStore: Sendable {
    /// The largest reference read, in bytes.
    static let maxReferenceBytes = 64 << 20

    /// The folder of the references.
    package let folder: String
    /// Whether pictures that differ (or have no reference) become references.
    package let updatesReferences: Bool
    /// Why this run cannot keep snapshots (no scene file to keep them
    /// beside), or `nil`.
    let problem: String?

    /// A store over `folder`.
    package init(folder: String, updatesReferences: Bool) {
        self.folder = folder
        self.updatesReferences = updatesReferences
        problem = nil
    }

    /// The store `policy` gives the scene in `source`. References kept
    /// beside the scene need a scene file: a scene read from a pipe, a
    /// device or memory has no folder to keep them in, and its snapshot
    /// steps fail saying so.
    package init(_ policy: SnapshotPolicy, for source: SceneSource) {
        folder = policy.folder(for: source)
        updatesReferences = policy.updatesReferences
        var status = stat()
        if policy.folder == .besideScene, stat(source.name, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
            problem =
                "'\(source.name)' is not a scene file, so there is no folder beside it for the reference pictures;"
                + " run the scene from its file, or give the runner a folder (SnapshotPolicy(folder: .at(...)))"
        } else {
            problem = nil
        }
    }

    /// Compares `picture` (SVG text) with the reference named `name`, and
    /// writes what the result says it wrote.
    package func compare(name: String, picture: String) -> SnapshotResult {
        if let problem { return .unavailable(reference: name + ".svg", reason: problem) }
        let base = (folder.hasSuffix("/") || folder.isEmpty ? folder : folder + "/") + name
        let reference = base + ".svg"
        let newPicture = base + ".new.svg"
        let comparison = base + ".diff.html"
        let bytes = Array(picture.utf8)
        let old: [UInt8]
        switch Self.read(reference) {
        case .failure(let reason):
            return .unavailable(reference: reference, reason: "the reference \(reference) cannot be read: \(reason)")
        case .success(nil):
            if let reason = Self.write(bytes, to: reference) {
                return .unavailable(reference: reference, reason: "the picture could not be written: \(reason)")
            }
            Self.removeLeftovers(newPicture, comparison)
            return updatesReferences ? .updated(reference: reference) : .recorded(reference: reference)
        case .success(let found?):
            old = found
        }
        if Self.withUnixLineBreaks(old) == bytes {
            Self.removeLeftovers(newPicture, comparison)
            return .matched(reference: reference)
        }
        if updatesReferences {
            if let reason = Self.write(bytes, to: reference) {
                return .unavailable(reference: reference, reason: "the new reference could not be written: \(reason)")
            }
            Self.removeLeftovers(newPicture, comparison)
            return .updated(reference: reference)
        }
        let page = SnapshotComparisonPage.html(
            name: name, reference: reference, old: Self.withUnixLineBreaks(old), new: bytes)
        if let reason = Self.write(bytes, to: newPicture) ?? Self.write(Array(page.utf8), to: comparison) {
            return .unavailable(
                reference: reference,
                reason: "the picture differs from \(reference), and the new one could not be written: \(reason)")
        }
        return .differs(reference: reference, picture: newPicture, comparison: comparison)
    }

    /// The bytes of the file at `path`, `nil` when there is none, or why it
    /// cannot be read.
    static func read(_ path: String) -> Result<[UInt8]?, SnapshotFileFailure> {
        var status = stat()
        if lstat(path, &status) != 0 {
            return errno == ENOENT ? .success(nil) : .failure(SnapshotFileFailure(errno: errno))
        }
        if (status.st_mode & S_IFMT) == S_IFLNK {
            // A link is read through (never written through): a dangling one is an error.
            guard stat(path, &status) == 0 else { return .failure(SnapshotFileFailure(errno: errno)) }
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(SnapshotFileFailure("it is not a regular file"))
        }
        do {
            return .success(try SceneSource(contentsOf: path, maxBytes: maxReferenceBytes).bytes)
        } catch {
            return .failure(SnapshotFileFailure(error.message))
        }
    }

    /// Writes `bytes` to `path` whole (through a temporary file beside it),
    /// making its folder first; why it could not, or `nil`.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
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
        if let slash = path.lastIndex(of: "/"), let reason = makeFolders(String(path[..<slash])) { return reason }
        guard let failure = AtomicFile.write(bytes, to: path) else { return nil }
        return "\(path): \(failure.reason)"
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

    /// Removes the new picture and the comparison page a failed run left,
    /// when they are regular files.
    static func removeLeftovers(_ paths: String...) {
        for path in paths {
            var status = stat()
            if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { unlink(path) }
        }
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

/// Why a snapshot file could not be read or written.
struct SnapshotFileFailure: Error {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    init(errno number: Int32) { reason = String(cString: strerror(number)) }
}
