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
            // A link in a loop: writing a file there would replace a link.
            // (Another reason, such as a missing folder, is the write's to report.)
            guard errno != ELOOP, let resolved = Self.resolvingLinks(path) else {
                throw CommandFailure(
                    message: "\(option) \(path) cannot be written: too many levels of symbolic links",
                    status: ExitStatus.outputFailed)
            }
            // No file yet (or a dangling link): created where a link points.
            target = resolved
            method = .replace(mode: nil, owner: getuid(), group: getgid())
            return
        }
        standardOutput = inputs.standardOutputs.first { $0.isWriting(FileIdentity(status)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            // `stat` reached the file, so the links to it end.
            let resolved = Self.resolvingLinks(path) ?? path
            if Self.namesADescriptor(path) {
                // `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N` of a file the
                // shell opened: replacing the file would leave the command's
                // own output in the old one, so it is added where it is.
                target = path
                method = .appending
            } else if FileIdentity(resolved) == FileIdentity(status) {
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

    /// The plans for writing each of `paths`, all made before any is
    /// written, so that a refused one (an input, a folder, a link in a
    /// loop) leaves every file as it was; two paths that name the same
    /// file are refused too, the second one replacing the first.
    /// Devices and FIFOs may repeat: they are written in place.
    ///
    /// - Throws: the first path's refusal, as ``init(_:option:inputs:)``
    ///   gives it.
    package static func plan(
        _ paths: [String], option: String, inputs: InputFiles
    ) throws(CommandFailure) -> [OutputFile] {
        var plans: [OutputFile] = []
        plans.reserveCapacity(paths.count)
        var earlier: [String: String] = [:]
        for path in paths {
            let plan = try OutputFile(path, option: option, inputs: inputs)
            if plan.method != .inPlace {
                let key = PathResolver.resolved(plan.target)
                if let first = earlier[key] {
                    throw CommandFailure(
                        message:
                            "\(option) \(path) names the same file as \(first); the second would replace the first",
                        status: ExitStatus.usage)
                }
                earlier[key] = path
            }
            plans.append(plan)
        }
        return plans
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
    /// link's target and the link stays; `nil` when the links go on past
    /// that (a loop) or one cannot be read.
    static func resolvingLinks(_ path: String) -> String? {
        var current = path
        for _ in 0...40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return nil
    }
}
