#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text written through a buffer to a file descriptor, remembering the
/// first failed write and writing nothing after it: standard output and
/// error, a graph's `--output` file, a timeline page, an ``AtomicFile``.
/// A failure is kept, never dropped, for the command to report with its
/// exit status.
package final class DescriptorOutput {
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private let bufferSize: Int
    private var buffer: [UInt8] = []
    /// The `errno` of the first failure, or 0.
    package private(set) var failure: Int32 = 0

    /// Writes to `descriptor`, which stays open, buffering `bufferSize`
    /// bytes (0 writes at once).
    package init(descriptor: Int32, bufferSize: Int) {
        self.descriptor = descriptor
        self.bufferSize = bufferSize
        ownsDescriptor = false
        buffer.reserveCapacity(bufferSize + 4096)
    }

    /// Writes to `descriptor`, which it closes when finished (a file opened
    /// by the caller, such as one made with `openat`).
    package init(owning descriptor: Int32, bufferSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.bufferSize = bufferSize
        ownsDescriptor = true
        buffer.reserveCapacity(bufferSize + 4096)
    }

    /// Creates the file at `path`, which must not exist (a temporary
    /// file), with the umask's permissions; `nil` and `errno` when it
    /// cannot be made.
    package convenience init?(creatingNew path: String, bufferSize: Int = 1 << 16) {
        self.init(opening: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, bufferSize: bufferSize)
    }

    /// Opens the existing file at `path` (a device, a FIFO) to write in
    /// place; `nil` and `errno` when it cannot be opened.
    package convenience init?(writingInPlace path: String, appending: Bool = false, bufferSize: Int = 1 << 16) {
        self.init(
            opening: path, flags: O_WRONLY | (appending ? O_APPEND : O_TRUNC) | O_NOCTTY | O_CLOEXEC,
            bufferSize: bufferSize)
    }

    private init?(opening path: String, flags: Int32, bufferSize: Int) {
        repeat {
            descriptor = open(path, flags, 0o666)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return nil }
        self.bufferSize = bufferSize
        ownsDescriptor = true
        buffer.reserveCapacity(bufferSize + 4096)
    }

    /// Gives the open file `mode` and, where the process may, `owner` and
    /// `group` (a file that replaces another takes on its permissions).
    package func setMode(_ mode: mode_t, owner: uid_t, group: gid_t) {
        guard descriptor >= 0 else { return }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_uid != owner || status.st_gid != group {
            // Only root may give a file away; a group the user is in is
            // allowed, anything else is left as it is.
            _ = fchown(descriptor, owner, group)
        }
        _ = fchmod(descriptor, mode)
    }

    deinit {
        if ownsDescriptor && descriptor >= 0 { _ = systemClose(descriptor) }
    }

    package var hasFailed: Bool { failure != 0 }

    /// Why the output failed, or `nil`.
    package var failureReason: String? { failure == 0 ? nil : Self.reason(failure) }

    package func write(_ text: String) {
        guard failure == 0 else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= bufferSize { flush() }
    }

    /// Writes bytes that need not be text (a PNG picture).
    package func write(bytes: ArraySlice<UInt8>) {
        guard failure == 0 else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= bufferSize { flush() }
    }

    package func flush() {
        var start = 0
        while start < buffer.count && failure == 0 {
            let written = buffer[start...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno != EINTR { failure = errno }
            } else {
                start += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and, when the output opened the file, closes
    /// it (a close can report a failed write too); the reason the output was
    /// lost, or `nil` when it was all written.
    package func finish() -> String? {
        flush()
        if ownsDescriptor && descriptor >= 0 {
            if systemClose(descriptor) != 0 && failure == 0 { failure = errno }
            descriptor = -1
        }
        return failureReason
    }

    /// Drops what is buffered and closes the file without reporting (after
    /// another failure); `true` when it was a regular file (not a device or
    /// a pipe), which the caller may then remove.
    @discardableResult
    package func abandon() -> Bool {
        buffer.removeAll()
        var status = stat()
        let isRegular = descriptor >= 0 && fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        if ownsDescriptor && descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
        if failure == 0 { failure = ECANCELED }
        return isRegular
    }

    /// The words for `errno` `code`.
    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// `write(2)`, named apart from ``DescriptorOutput/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}

/// `close(2)`.
private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #elseif canImport(Musl)
        Musl.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}
