#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program the benchmark starts and waits for: `scene-runner` as a user
/// runs it, valgrind, or this executable again. Waiting gives its exit
/// status, its wall time and its peak resident memory (the kernel's
/// `ru_maxrss` from `wait4`, what `/usr/bin/time -v` prints as "Maximum
/// resident set size").
///
///     let run = try ChildProcess.run("/usr/bin/true", arguments: [])
///     print(run.status, run.seconds, run.peakBytes)
struct ChildProcess {
    /// The child's process id.
    let pid: pid_t
    /// When it was started.
    let started: ContinuousClock.Instant

    /// Why a child could not be started.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How a child ended.
    struct Ending {
        /// Its exit status; 128 plus the signal's number when a signal ended it.
        var status: Int32
        /// Its peak resident set, in bytes.
        var peakBytes: Int
        /// From the start to the end, in seconds.
        var seconds: Double
    }

    /// A finished child and what it wrote to its standard output.
    struct Outcome {
        var output: String
        var status: Int32
        var peakBytes: Int
        var seconds: Double
    }

    /// Starts `path` with `arguments`; its standard input and output are
    /// the given descriptors, or `/dev/null` when `nil`, and its standard
    /// error is this process's.
    static func spawn(
        _ path: String, arguments: [String], standardInput: Int32? = nil, standardOutput: Int32? = nil
    ) throws(Failure) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let code = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard code == 0 else {
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(code)))")
        }
        return ChildProcess(pid: pid, started: started)
    }

    /// Waits for the child to end.
    func wait() -> Ending {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Statistics.seconds(ContinuousClock.now - started)
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        #if canImport(Glibc)
            let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
            let peak = Int(usage.ru_maxrss)  // bytes on macOS
        #endif
        return Ending(status: exitStatus, peakBytes: peak, seconds: seconds)
    }

    /// Runs `path` with `arguments` to its end; with `capturing`, returns
    /// what it wrote to its standard output, which is discarded otherwise.
    static func run(_ path: String, arguments: [String], capturing: Bool = false) throws(Failure) -> Outcome {
        guard capturing else {
            let ending = try spawn(path, arguments: arguments).wait()
            return Outcome(output: "", status: ending.status, peakBytes: ending.peakBytes, seconds: ending.seconds)
        }
        var ends: [Int32] = [0, 0]
        guard makePipe(&ends) else { throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))") }
        let child: ChildProcess
        do {
            child = try spawn(path, arguments: arguments, standardOutput: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        close(ends[0])
        let ending = child.wait()
        return Outcome(
            output: String(decoding: bytes, as: UTF8.self), status: ending.status, peakBytes: ending.peakBytes,
            seconds: ending.seconds)
    }

    /// Runs this executable again with `arguments`, capturing its output.
    static func run(arguments: [String]) throws(Failure) -> Outcome {
        try run(executablePath(), arguments: arguments, capturing: true)
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// A pipe whose two ends are closed on `exec`, so that a child holds
    /// only the end it is given; false when the system refuses one.
    static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard ends.count == 2, pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
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
}
