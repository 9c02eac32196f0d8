import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of a scene file and the name diagnostics use for it.
public struct SceneSource: Sendable {
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

    /// Reads the file at `path`.
    ///
    /// - Throws: a ``Diagnostic`` with code ``DiagnosticCode/unreadableFile``
    ///   saying why (missing, a directory, no permission).
    public init(contentsOf path: String) throws(Diagnostic) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw SceneSource.readError(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw SceneSource.readError(path, EISDIR)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SceneSource.readError(path, errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        self.init(name: path, bytes: bytes)
    }

    private static func readError(_ path: String, _ code: Int32) -> Diagnostic {
        let reason = String(cString: strerror(code))
        return Diagnostic(.unreadableFile, "cannot read '\(path)': \(reason)", at: SourceSpan(at: .start))
    }

    /// The text of line `line` (1-based) without its line break; empty past the end.
    public func lineText(_ line: Int) -> Substring {
        var current = 1
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if current == line { break }
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == line else { return "" }
        var end = index
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return Substring(String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
