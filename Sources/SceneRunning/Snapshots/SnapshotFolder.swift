import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder of one scene's reference pictures, resolved once: a `base`
/// folder opened as it is named (the scene's own folder, or the folder a
/// program gives), and the folders below it that the store adds
/// (`Snapshots` and the scene's name), each made when missing and opened
/// relative to the one above it without following a link (`openat` with
/// `O_NOFOLLOW`). Every file of the store is then named by one component
/// in the last of them, so nothing it writes can land outside it.
struct SnapshotFolder: Sendable {
    /// Opened as named.
    let base: String
    /// Each one component: never empty, `.`, `..`, nor holding `/` or NUL.
    let components: [String]

    /// The folder's path, for messages: `Scenes/Snapshots/login-form`.
    var path: String {
        var path = base == "." && !components.isEmpty ? "" : base
        for component in components { path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + component }
        return path
    }

    /// The path of the file `name` in the folder, for messages.
    func path(of name: String) -> String { (path.hasSuffix("/") || path.isEmpty ? path : path + "/") + name }

    /// The longest component, in bytes (a file name's longest on common
    /// systems, `NAME_MAX`).
    static let maxComponentBytes = 255

    /// Why `component` cannot name a folder or a file in the store, or `nil`.
    static func problem(with component: String) -> String? {
        if component.isEmpty { return "an empty name" }
        if component == "." || component == ".." { return "'\(component)', which names a folder that is already there" }
        if component.utf8.contains(0) || component.contains("/") { return "a name with '/' or a NUL character" }
        if component.utf8.count > maxComponentBytes { return "a name over \(maxComponentBytes) bytes" }
        return nil
    }

    /// Opens the folder, making each missing one when `creating` (the
    /// base with the folders above it). The descriptor (closed by the
    /// caller), `nil` when a folder is missing and not made, or why it
    /// cannot be opened: a link or a file where a folder goes.
    func open(creating: Bool) -> Result<Int32?, SnapshotFileFailure> {
        if creating, let reason = SnapshotStore.makeFolders(base) { return .failure(SnapshotFileFailure(reason)) }
        var descriptor = openFolder(base.isEmpty ? "." : base)
        guard descriptor >= 0 else {
            if errno == ENOENT && !creating { return .success(nil) }
            return .failure(SnapshotFileFailure("the folder \(base) cannot be opened: \(Self.reason(errno))"))
        }
        var opened = base
        for component in components {
            opened = (opened.isEmpty || opened.hasSuffix("/") ? opened : opened + "/") + component
            if creating, mkdirat(descriptor, component, 0o777) != 0, errno != EEXIST {
                let code = errno
                _ = close(descriptor)
                return .failure(
                    SnapshotFileFailure("the folder \(opened) could not be made: \(Self.reason(code))"))
            }
            let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            _ = close(descriptor)
            guard next >= 0 else {
                if code == ENOENT && !creating { return .success(nil) }
                if code == ELOOP || code == ENOTDIR {
                    return .failure(
                        SnapshotFileFailure(
                            "\(opened) is not a folder (a symbolic link or a file), which a snapshot never writes through; make it a folder or remove it"
                        ))
                }
                return .failure(SnapshotFileFailure("the folder \(opened) cannot be opened: \(Self.reason(code))"))
            }
            descriptor = next
        }
        return .success(descriptor)
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// `open(2)` of a folder, following links (the base is opened as named).
private func openFolder(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

/// Why a snapshot file could not be read or written: a sentence.
struct SnapshotFileFailure: Error, CustomStringConvertible {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    init(errno number: Int32) { reason = String(cString: strerror(number)) }

    var description: String { reason }
}
