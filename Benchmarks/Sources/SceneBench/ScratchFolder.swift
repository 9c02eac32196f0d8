#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary folder for one benchmark run: its scene files, stripped
/// copies and profiles, removed with everything in it by ``remove()``.
///
///     let scratch = try ScratchFolder()
///     defer { scratch.remove() }
///     try FileBytes.write(bytes, to: scratch.path + "/scene.yaml")
struct ScratchFolder {
    /// The folder's absolute path.
    let path: String

    /// Why the folder could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A new, empty folder under `$TMPDIR` (or `/tmp`).
    init() throws(Failure) {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/scene-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "cannot make a folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Removes the files in the folder (it holds no folders), then the folder.
    func remove() {
        guard let folder = opendir(path) else { return }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { unlink(path + "/" + name) }
        }
        closedir(folder)
        rmdir(path)
    }
}

/// Whole files read and written with the system's calls.
enum FileBytes {
    /// Why a file could not be read or written.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `bytes` to `path`, replacing what was there.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            rest = rest.dropFirst(written)
        }
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// The text (UTF-8) of the file at `path`.
    static func readText(_ path: String) throws(Failure) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }
}
