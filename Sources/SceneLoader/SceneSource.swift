import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of a scene file and the name diagnostics use for it.
public struct SceneSource: Sendable, Hashable {
    /// The path or name printed before `:line:column`.
    public let name: String
    /// The file's bytes.
    public let bytes: [UInt8]

    /// A source from bytes in memory.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// A source from a string in memory.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// Reads the file at `path`, refusing one larger than the default
    /// input limit (64 MiB); see ``init(contentsOf:maxBytes:maxWait:)``.
    ///
    /// - Throws: a ``Diagnostic`` saying why the file cannot be read.
    public init(contentsOf path: String) throws(Diagnostic) {
        try self.init(contentsOf: path, maxBytes: YAMLLimits().maxInputBytes)
    }

    /// Reads the file at `path`, never more than `maxBytes` and never
    /// waiting on a pipe longer than `maxWait` for data: a regular file
    /// larger than the limit is refused before it is read (a sparse giant
    /// included), a device is refused, and a pipe or socket is read until
    /// its end, the limit, or `maxWait` without data.
    ///
    /// - Throws: a ``Diagnostic``: `unreadable-file` saying
    ///   why (missing, a directory, a device, no permission, no data in
    ///   time, a name that is not UTF-8), or `file-too-large`.
    public init(contentsOf path: String, maxBytes: Int, maxWait: Duration = .seconds(10)) throws(Diagnostic) {
        try self.init(contentsOf: path, named: path, maxBytes: maxBytes, maxWait: maxWait)
    }

    /// Reads the file at `path` as ``init(contentsOf:maxBytes:maxWait:)``
    /// does, naming it `name` (in diagnostics too): an included component
    /// is opened by the path its includes make and shown normalised.
    init(contentsOf path: String, named name: String, maxBytes: Int, maxWait: Duration) throws(Diagnostic) {
        if path.unicodeScalars.contains("\u{FFFD}") {
            // A name that was not UTF-8 reaches Swift with replacement
            // characters; opening it would report a missing file.
            throw SceneSource.readError(
                name, "its name is not valid UTF-8 (or holds U+FFFD)", hint: "rename the file with a UTF-8 name")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw SceneSource.readError(name, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SceneSource.readError(name, errno) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw SceneSource.readError(name, EISDIR)
        case S_IFCHR, S_IFBLK:
            throw SceneSource.readError(name, "it is a device, not a file", hint: "give the path of a scene file")
        case S_IFREG:
            if Int(status.st_size) > maxBytes { throw SceneSource.tooLarge(name, size: Int(status.st_size), maxBytes) }
        default:
            break
        }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        var bytes: [UInt8] = []
        if isRegular { bytes.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        if status.st_mode & S_IFMT == S_IFIFO {
            // A FIFO no writer has opened yet reads as its end at once:
            // it is waited for, as long as data would be.
            try SceneSource.waitForData(descriptor, name, maxWait)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    try SceneSource.waitForData(descriptor, name, maxWait)
                    continue
                }
                throw SceneSource.readError(name, errno)
            }
            if count == 0 { break }
            guard bytes.count + count <= maxBytes else {
                throw SceneSource.tooLarge(name, size: nil, maxBytes)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        self.init(name: name, bytes: bytes)
    }

    /// Waits until `descriptor` has data (or its end), at most `maxWait`.
    private static func waitForData(_ descriptor: Int32, _ path: String, _ maxWait: Duration) throws(Diagnostic) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: maxWait.attoseconds / 1_000_000_000_000_000)
        while true {
            let ready = poll(&request, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { throw readError(path, errno) }
            throw readError(
                path, "no data arrived within \(maxWait.sceneText)",
                hint: "give a scene file, or write the scene to the pipe without pausing")
        }
    }

    private static func tooLarge(_ path: String, size: Int?, _ maxBytes: Int) -> Diagnostic {
        SceneProblem.fileTooLarge(path: path, size: size, limit: maxBytes).diagnostic(at: SourceSpan(at: .start))
    }

    private static func readError(_ path: String, _ code: Int32) -> Diagnostic {
        readError(path, String(cString: strerror(code)), hint: nil)
    }

    private static func readError(_ path: String, _ reason: String, hint: String?) -> Diagnostic {
        SceneProblem.unreadableFile(path: path, reason: reason, hint: hint).diagnostic(at: SourceSpan(at: .start))
    }
}
