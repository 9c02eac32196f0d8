#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs this executable again with other arguments and captures its
/// standard output; standard error is shared, so a child's diagnostics
/// reach the terminal.
///
///     let run = try ChildProcess.run(arguments: ["--child", "1000"])
///     print(run.output, run.status)
enum ChildProcess {
    /// A finished child.
    struct Outcome {
        /// Everything it wrote to standard output.
        var output: String
        /// Its exit status, or 128 plus the signal that ended it.
        var status: Int32
    }

    /// Why a child could not be run.
    struct Failure: Error, CustomStringConvertible {
        /// What failed.
        let description: String
    }

    /// The path of the running executable.
    static func executablePath() -> String {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if length > 0 {
                return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        #endif
        return CommandLine.arguments[0]
    }

    /// Runs the executable at `path` with `arguments` and waits for it.
    static func run(_ path: String = executablePath(), arguments: [String]) throws(Failure) -> Outcome {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: chunk[0..<count])
        }
        close(readEnd)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Outcome(output: String(decoding: output, as: UTF8.self), status: exitStatus)
    }
}

/// The one-line records children print for their parent: a tag, then
/// space-separated `key=value` fields (values hold no spaces).
///
///     ResultLine.text("sample", [("objects", "1000"), ("rawNs", "18000000.0")])
///     // "sample objects=1000 rawNs=18000000.0"
///     ResultLine.fields(of: "sample objects=1000 rawNs=18000000.0", tag: "sample")?["objects"]   // "1000"
enum ResultLine {
    /// The record `tag` with `fields`, in order.
    static func text(_ tag: String, _ fields: [(key: String, value: String)]) -> String {
        ([tag] + fields.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }

    /// The fields of `line` by key; `nil` when `line` is not a record tagged `tag`.
    static func fields(of line: Substring, tag: String) -> [String: String]? {
        let words = line.split(separator: " ")
        guard let first = words.first, first == tag else { return nil }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}
