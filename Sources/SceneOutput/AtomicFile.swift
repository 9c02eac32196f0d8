import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written whole or not at all: the bytes go to a temporary file
/// beside it, `PATH.PID.N.partial`, which ``commit()`` renames over `path`
/// once everything is written. A failed or interrupted write leaves the old
/// file (or none) as it was: the temporary file is registered with
/// ``TemporaryItems`` from before it exists until it is renamed or
/// removed, so that an interrupted process removes it too.
///
/// It writes a regular file; what to do with a link, a device or an input
/// file named as the output is its caller's rule (`OutputFile` for the
/// command line's `--output` files, `SnapshotStore` for references).
///
///     switch AtomicFile.create("page.html") {
///     case .success(let file): file.write(text); if let reason = file.commit() { ... }
///     case .failure(let reason): ...
///     }
package final class AtomicFile {
    /// Numbers the temporary files of this process.
    private static let counter = Atomic<Int>(0)

    /// Where the file and its temporary file are named.
    private enum Place {
        /// By their paths.
        case paths
        /// By their names in a folder open as this descriptor (a copy the
        /// file closes when committed or abandoned).
        case inFolder(Int32, name: String, partialName: String)
    }

    /// The file replaced when the write is committed.
    package let path: String
    /// The temporary file beside it.
    package let partial: String
    private let place: Place
    private let output: DescriptorOutput
    /// The temporary file's registration with ``TemporaryItems``, until it
    /// is renamed or removed.
    private var token: Int?

    private init(path: String, partial: String, place: Place, output: DescriptorOutput, token: Int) {
        self.path = path
        self.partial = partial
        self.place = place
        self.output = output
        self.token = token
    }

    deinit {
        // Neither committed nor abandoned: nothing is replaced.
        if token != nil { abandon() }
    }

    /// Starts writing `path` (which may not exist yet): the temporary file
    /// beside it is made, with the umask's permissions, or with `mode` and,
    /// where the process may give them, `owner` and `group` (those of the
    /// file it replaces) before a byte is written, so that a private file
    /// never becomes readable. Why it cannot be made, when it cannot.
    package static func create(
        _ path: String, mode: mode_t? = nil, owner: uid_t = getuid(), group: gid_t = getgid()
    ) -> Result<AtomicFile, AtomicFileFailure> {
        let number = counter.add(1, ordering: .relaxed).newValue
        let partial = "\(path).\(getpid()).\(number).partial"
        // Registered before it exists, so that an interruption while it is
        // made removes it too.
        let token = TemporaryItems.register(partial)
        guard let output = DescriptorOutput(creatingNew: partial) else {
            let code = errno
            TemporaryItems.unregister(token)
            return .failure(AtomicFileFailure(code: code))
        }
        if let mode { output.setMode(mode, owner: owner, group: group) }
        return .success(AtomicFile(path: path, partial: partial, place: .paths, output: output, token: token))
    }

    /// Starts writing the file `name` (one component, no `/`) in the folder
    /// open as `folder`, which `path` names for messages: the temporary
    /// file is made in that folder (`openat`, never through a link) and
    /// renamed over `name` there (`renameat`), so that no link on the way
    /// to the folder, nor one named `name`'s temporary file, is followed.
    /// The file keeps a copy of the descriptor until it is committed or
    /// abandoned. Why it cannot be made, when it cannot.
    package static func create(named name: String, in folder: Int32, path: String) -> Result<
        AtomicFile, AtomicFileFailure
    > {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            return .failure(AtomicFileFailure(code: EINVAL))
        }
        let number = counter.add(1, ordering: .relaxed).newValue
        let partialName = "\(name).\(getpid()).\(number).partial"
        let slash = path.lastIndex(of: "/")
        let partial = (slash.map { String(path[...$0]) } ?? "") + partialName
        let token = TemporaryItems.register(partial)
        let copy = fcntl(folder, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else {
            let code = errno
            TemporaryItems.unregister(token)
            return .failure(AtomicFileFailure(code: code))
        }
        var descriptor: Int32
        repeat {
            descriptor = openat(copy, partialName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let code = errno
            _ = close(copy)
            TemporaryItems.unregister(token)
            return .failure(AtomicFileFailure(code: code))
        }
        return .success(
            AtomicFile(
                path: path, partial: partial, place: .inFolder(copy, name: name, partialName: partialName),
                output: DescriptorOutput(owning: descriptor), token: token))
    }

    /// Writes `bytes` to `path` whole; why it could not, or `nil`.
    package static func write(_ bytes: [UInt8], to path: String) -> AtomicFileFailure? {
        switch create(path) {
        case .failure(let failure): return failure
        case .success(let file):
            file.write(bytes: bytes[...])
            return file.commit()
        }
    }

    /// Writes `bytes` whole to the file `name` in the folder open as
    /// `folder` (see ``create(named:in:path:)``); why it could not, or `nil`.
    package static func write(_ bytes: [UInt8], named name: String, in folder: Int32, path: String)
        -> AtomicFileFailure?
    {
        switch create(named: name, in: folder, path: path) {
        case .failure(let failure): return failure
        case .success(let file):
            file.write(bytes: bytes[...])
            return file.commit()
        }
    }

    /// Whether a write failed: the file will not be committed.
    package var hasFailed: Bool { output.hasFailed }

    /// Adds `text` (buffered).
    package func write(_ text: String) { output.write(text) }

    /// Adds bytes that need not be text (a PNG picture).
    package func write(bytes: ArraySlice<UInt8>) { output.write(bytes: bytes) }

    /// Writes what is buffered to the temporary file.
    package func flush() { output.flush() }

    /// Writes the rest, closes the temporary file and renames it over
    /// ``path``; why it could not (the temporary file then removed), or
    /// `nil`.
    @discardableResult
    package func commit() -> AtomicFileFailure? {
        guard let token else { return AtomicFileFailure(code: ECANCELED) }
        var code = output.finish() == nil ? 0 : output.failure
        switch place {
        case .paths:
            if code == 0, rename(partial, path) != 0 { code = errno }
            if code != 0 { unlink(partial) }
        case .inFolder(let folder, let name, let partialName):
            if code == 0, renameat(folder, partialName, folder, name) != 0 { code = errno }
            if code != 0 { unlinkat(folder, partialName, 0) }
            _ = close(folder)
        }
        TemporaryItems.unregister(token)
        self.token = nil
        return code == 0 ? nil : AtomicFileFailure(code: code)
    }

    /// Drops the write: the temporary file is removed, `path` left as it was.
    package func abandon() {
        guard let token else { return }
        output.abandon()
        switch place {
        case .paths: unlink(partial)
        case .inFolder(let folder, _, let partialName):
            unlinkat(folder, partialName, 0)
            _ = close(folder)
        }
        TemporaryItems.unregister(token)
        self.token = nil
    }
}

/// Why an ``AtomicFile`` could not be made or written: an `errno`.
package struct AtomicFileFailure: Error, Equatable {
    /// The `errno`.
    package let code: Int32

    /// The system's words for it: "Permission denied".
    package var reason: String { DescriptorOutput.reason(code) }
}
