import SceneCore
import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command was asked to write (`run --timeline`, `live --record`,
/// `graph --output`), and the rules every one of them follows (the
/// "Output files" section of docs/CommandLine.md):
///
/// - a path that is one of the files being read (a scene, or a component
///   a scene includes) is refused with ``ExitStatus/usage``, before
///   anything is written: compared by device and inode, and by the path
///   with links resolved, so `./s.yaml`, a link to it and a hard link are
///   all caught;
/// - a symbolic link is followed: its target is written, and the link
///   stays a link;
/// - a regular file (or no file yet) is written to a temporary file beside
///   it (`NAME.PID.N.partial`), renamed over it when whole, so that a
///   failed or interrupted write leaves the old file as it was; an
///   existing file keeps its permissions (and its owner, where the process
///   may give it), a new one gets the umask's;
/// - a character device or a FIFO (`/dev/stdout`, `/dev/null`, a named
///   pipe) is opened and written in place, never replaced;
/// - a regular file named through a descriptor (`/dev/stdout` redirected
///   to a file, `/dev/fd/N`) is added to at its end, never replaced nor
///   truncated, since the command's own output may be going to it too;
/// - a block device is refused, with ``ExitStatus/usage``;
/// - while annotations are on, a file that is the command's standard
///   output or error (`/dev/stdout`, `/dev/fd/2`, a file both are
///   redirected to: the same device and inode) is written through that
///   ``StandardOutput``, which escapes workflow commands in it as in
///   everything else the command prints.
package struct OutputFile {
    /// How the file is written.
    enum Method: Equatable {
        /// Through a temporary file renamed over `target` (which may not
        /// exist yet); the existing file's mode and owner, when there is one.
        case replace(mode: mode_t?, owner: uid_t, group: gid_t)
        /// Opened and written where it is: a device or a FIFO.
        case inPlace
        /// Added at the end of a regular file that another descriptor of
        /// the process writes too (`/dev/stdout` redirected to a file):
        /// truncating it would cut what that descriptor wrote.
        case appending
    }

    /// The path as the command line gave it, for messages.
    let path: String
    /// Where the bytes go: `path` with symbolic links resolved when it is
    /// replaced, `path` itself when it is written in place.
    let target: String
    let method: Method
    /// The command's standard output or error, when the file is the same
    /// file and annotations are on: written through it.
    private(set) var standardOutput: StandardOutput?

    /// The plan for writing `path`, given by `option` (`--timeline`), when
    /// the command reads `inputs`.
    ///
    /// - Throws: a ``CommandFailure`` with ``ExitStatus/usage`` when `path`
    ///   is one of the inputs, a block device or a folder.
    package init(_ path: String, option: String, inputs: InputFiles) throws(CommandFailure) {
        self.path = path
        if let input = inputs.file(matching: path) {
            let same = input == path ? "" : " ('\(input)')"
            throw CommandFailure(
                message:
                    "\(option) \(path) would overwrite a file this command reads\(same); write the output somewhere else",
                status: ExitStatus.usage)
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // No file yet (or a dangling link): created where a link points.
            target = Self.resolvingLinks(path)
            method = .replace(mode: nil, owner: getuid(), group: getgid())
            return
        }
        standardOutput = inputs.standardOutputs.first { $0.isWriting(status) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let resolved = Self.resolvingLinks(path)
            var resolvedStatus = stat()
            if Self.namesADescriptor(path) {
                // `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N` of a file the
                // shell opened: replacing the file would leave the command's
                // own output in the old one, so it is added where it is.
                target = path
                method = .appending
            } else if stat(resolved, &resolvedStatus) == 0, resolvedStatus.st_dev == status.st_dev,
                resolvedStatus.st_ino == status.st_ino
            {
                target = resolved
                method = .replace(mode: status.st_mode & 0o7777, owner: status.st_uid, group: status.st_gid)
            } else {
                // A file reached by a link with no usable name (such as
                // /proc/self/fd/1): added where it is.
                target = path
                method = .appending
            }
        case S_IFDIR:
            throw CommandFailure(
                message: "\(option) \(path) is a folder; give a file name", status: ExitStatus.usage)
        case S_IFBLK:
            throw CommandFailure(
                message: "\(option) \(path) is a block device, which is never written; give a file name",
                status: ExitStatus.usage)
        default:
            // A character device, a FIFO, a socket: written in place.
            target = path
            method = .inPlace
        }
    }

    /// Opens the file for writing: the temporary file beside the target,
    /// or the device itself, or the command's standard output or error
    /// (escaping what is written as `dialect` says). `nil` and the reason
    /// when it cannot be opened.
    func open(as dialect: WorkflowCommandFilter.Dialect = .text) -> Result<OutputFileWriter, OutputFileFailure> {
        OutputFileWriter.open(self, as: dialect)
    }

    /// Writes `text` whole; why it could not be written, or `nil`.
    package func write(_ text: String) -> String? {
        switch open() {
        case .failure(let failure): return failure.reason
        case .success(let writer):
            writer.write(text)
            return writer.finish()
        }
    }

    /// Whether `path` names an open file descriptor rather than a file
    /// (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/.../fd/N`).
    static func namesADescriptor(_ path: String) -> Bool {
        if descriptorNumber(path) != nil { return true }
        // Another process's (`/proc/PID/fd/N`): added to where it is.
        return path.hasPrefix("/proc/") && path.split(separator: "/").dropLast().last == "fd"
    }

    /// The number of this process's descriptor that `path` names
    /// (`/dev/stdout` is 1, `/dev/fd/3` and `/proc/self/fd/3` are 3), or `nil`.
    static func descriptorNumber(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let isOwn =
            (parts.count == 3 && parts[0] == "dev" && parts[1] == "fd")
            || (parts.count == 4 && parts[0] == "proc" && (parts[1] == "self" || parts[1] == "\(getpid())")
                && parts[2] == "fd")
        guard isOwn, let last = parts.last, let number = Int32(last), number >= 0 else { return nil }
        return number
    }

    /// `path` with every symbolic link along its last component followed
    /// (at most 40, as the system does), so that the file replaced is the
    /// link's target and the link stays.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return current
    }
}

/// Why an output file could not be opened.
struct OutputFileFailure: Error {
    let reason: String
}

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
        let canonical = Self.canonical(path)
        canonicalPaths[canonical] = canonicalPaths[canonical] ?? path
    }

    /// The input that `path` would write over, or `nil`.
    func file(matching path: String) -> String? {
        if let identity = FileIdentity(path), let input = identities[identity] { return input }
        return canonicalPaths[Self.canonical(OutputFile.resolvingLinks(path))]
    }

    /// The absolute path with links resolved; for a missing file, its
    /// folder's with the name after it.
    private static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        let base = String(cString: resolved)
        return (base == "/" ? "" : base) + "/" + name
    }
}

/// A file's device and inode: the same for every path to it.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path` (links followed), or `nil`.
    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// Writes an ``OutputFile``: buffered, remembering the first failure;
/// ``finish()`` renames the temporary file into place (an ``AtomicFile``).
final class OutputFileWriter: TextSink {
    /// Where the bytes go: the file replaced whole, or the file, device
    /// or descriptor written where it is.
    private enum Destination {
        case replacing(AtomicFile)
        case inPlace(DescriptorOutput)
        /// The command's standard output or error, and how to escape what
        /// goes there.
        case standard(StandardOutput, WorkflowCommandFilter.Dialect)
    }

    private let destination: Destination

    private init(_ destination: Destination) {
        self.destination = destination
    }

    static func open(_ file: OutputFile, as dialect: WorkflowCommandFilter.Dialect) -> Result<
        OutputFileWriter, OutputFileFailure
    > {
        if let standard = file.standardOutput { return .success(OutputFileWriter(.standard(standard, dialect))) }
        switch file.method {
        case .inPlace, .appending:
            if file.method == .appending, let descriptor = OutputFile.descriptorNumber(file.target) {
                // This process's own descriptor: written through it, so that
                // what the page adds and what the command prints share one
                // offset and neither writes over the other.
                let output = DescriptorOutput(descriptor: descriptor, bufferSize: 1 << 16)
                return .success(OutputFileWriter(.inPlace(output)))
            }
            guard let output = DescriptorOutput(writingInPlace: file.target, appending: file.method == .appending)
            else {
                return .failure(OutputFileFailure(reason: DescriptorOutput.reason(errno)))
            }
            return .success(OutputFileWriter(.inPlace(output)))
        case .replace(let mode, let owner, let group):
            switch AtomicFile.create(file.target, mode: mode, owner: owner, group: group) {
            case .failure(let failure): return .failure(OutputFileFailure(reason: failure.reason))
            case .success(let atomic): return .success(OutputFileWriter(.replacing(atomic)))
            }
        }
    }

    var hasFailed: Bool {
        switch destination {
        case .replacing(let file): file.hasFailed
        case .inPlace(let output): output.hasFailed
        case .standard(let output, _): output.hasFailed
        }
    }

    func write(_ text: String) {
        switch destination {
        case .replacing(let file): file.write(text)
        case .inPlace(let output): output.write(text)
        case .standard(let output, let dialect): output.write(text, as: dialect)
        }
    }

    /// Writes bytes that need not be text (a PNG picture).
    func write(bytes: ArraySlice<UInt8>) {
        switch destination {
        case .replacing(let file): file.write(bytes: bytes)
        case .inPlace(let output): output.write(bytes: bytes)
        case .standard(let output, let dialect): output.write(bytes: bytes, as: dialect)
        }
    }

    func flush() {
        switch destination {
        case .replacing(let file): file.flush()
        case .inPlace(let output): output.flush()
        case .standard(let output, _): output.flush()
        }
    }

    /// Writes the rest, closes the file and renames it into place; why it
    /// could not be written, or `nil`.
    func finish() -> String? {
        switch destination {
        case .replacing(let file): file.commit()?.reason
        case .inPlace(let output): output.finish()
        case .standard(let output, _):
            // The command reports a failed standard output itself.
            output.hasFailed ? "the output could not be written" : nil
        }
    }

    /// Drops the file: the temporary one is removed, a device is left as it is.
    func abandon() {
        switch destination {
        case .replacing(let file): file.abandon()
        case .inPlace(let output): output.abandon()
        case .standard: break
        }
    }
}

extension DescriptorOutput: TextSink {}
