import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Graphviz's `dot`, found on `PATH` and run as a child process: DOT goes
/// in on its standard input, and what it prints comes back as it prints it.
///
///     guard let dot = Graphviz.locate() else { ... }
///     try Graphviz.render(dotText, as: "svg", with: dot, into: { print($0, terminator: "") }, shouldStop: { false })
enum Graphviz {
    /// The search path `locate()` uses instead of the environment's `PATH`
    /// while it is bound: tests bind it to `""` to see what a machine without
    /// Graphviz prints, without changing the process's environment.
    @TaskLocal static var searchPathOverride: String?

    /// How long `dot` or `rsvg-convert` may run on one input: a minute.
    /// Past it the program is killed and the command fails saying so (a
    /// label of 100,000 emoji keeps rsvg-convert busy for minutes).
    static let timeLimit: Duration = .seconds(60)

    /// The time limit used instead of ``timeLimit`` while it is bound (tests).
    @TaskLocal static var timeLimitOverride: Duration?

    /// Why `dot` could not render a graph.
    struct Failure: Error {
        let message: String
    }

    /// The path of the executable `dot` in the search path (the
    /// environment's `PATH`, or ``searchPathOverride``), or `nil` when there
    /// is none. An empty entry of the path is the current folder, as the
    /// shell reads it.
    static func locate(_ program: String = "dot") -> String? {
        let searchPath = searchPathOverride ?? getenv("PATH").map { String(cString: $0) } ?? ""
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = folder.isEmpty ? program : "\(folder)/\(program)"
            var status = stat()
            guard stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `dot -T<format>` at `path` on `input`, passing what it prints to
    /// `output` as it arrives. Throws with `dot`'s standard error (its
    /// first 16 KiB) when it cannot be started or exits with a status other
    /// than 0. `shouldStop` is asked after each piece of output: when it
    /// says so (the output cannot be written), `dot` is ended and this
    /// returns.
    static func render(
        _ input: [UInt8], as format: String, with path: String, into output: (String) -> Void,
        shouldStop: () -> Bool
    ) throws(Failure) {
        var decoder = UTF8Chunks()
        try filter(
            input, through: path, arguments: ["-T" + format], into: { output(decoder.decode($0)) },
            shouldStop: shouldStop)
        let rest = decoder.finish()
        if !rest.isEmpty { output(rest) }
    }

    /// Runs the program at `path` with `arguments` on `input`, passing the
    /// bytes it prints to `output` as they arrive (`dot`, `rsvg-convert`).
    /// Throws with its standard error (the first 16 KiB) when it cannot be
    /// started or exits with a status other than 0, and when it runs longer
    /// than ``timeLimit`` (it is killed then). `shouldStop` is asked after
    /// each piece of output: when it says so (the output cannot be
    /// written), the program is ended and this returns.
    static func filter(
        _ input: [UInt8], through path: String, arguments extra: [String], into output: (ArraySlice<UInt8>) -> Void,
        shouldStop: () -> Bool
    ) throws(Failure) {
        // Sockets rather than pipes: writing to a `dot` that has already
        // exited fails with EPIPE instead of raising SIGPIPE, and they are
        // made close-on-exec at once, so that a child another thread starts
        // meanwhile does not hold them open.
        var inputEnds: [Int32] = [-1, -1]
        var outputEnds: [Int32] = [-1, -1]
        var errorEnds: [Int32] = [-1, -1]
        defer { for end in inputEnds + outputEnds + errorEnds where end >= 0 { close(end) } }
        guard makeSocketPair(&inputEnds), makeSocketPair(&outputEnds), makeSocketPair(&errorEnds) else {
            throw Failure(message: "cannot run '\(path)': \(String(cString: strerror(errno)))")
        }
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(inputEnds[0], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif

        // `dot` starts with the signals this process blocks or ignores at
        // their defaults (ChildProcess).
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                path, arguments: extra, standardInput: inputEnds[1], standardOutput: outputEnds[1],
                standardError: errorEnds[1], defaultSignals: SignalHandling.endingSignals)
        } catch {
            throw Failure(message: error.description)
        }
        for end in [inputEnds[1], outputEnds[1], errorEnds[1]] { close(end) }
        inputEnds[1] = -1
        outputEnds[1] = -1
        errorEnds[1] = -1

        let flags = fcntl(inputEnds[0], F_GETFL)
        _ = fcntl(inputEnds[0], F_SETFL, flags | O_NONBLOCK)
        let limit = timeLimitOverride ?? timeLimit
        let deadline = ContinuousClock.now + limit
        var exchange = Exchange(input: input, inputEnd: inputEnds[0], outputEnd: outputEnds[0], errorEnd: errorEnds[0])
        let outcome = exchange.run(output: output, shouldStop: shouldStop, deadline: deadline)
        inputEnds[0] = -1
        outputEnds[0] = -1
        errorEnds[0] = -1
        if outcome == .stopped { child.send(SIGTERM) }

        // Killed at the deadline if it has not ended by then.
        let remaining = outcome == .timedOut ? .zero : max(deadline - ContinuousClock.now, .zero)
        let (ending, timedOut) = child.wait(within: remaining)
        if outcome == .timedOut || (timedOut && outcome != .stopped) {
            throw Failure(
                message: "'\(([path] + extra).joined(separator: " "))' ran longer than \(limit), its time limit, "
                    + "and was stopped; draw a smaller picture or less text")
        }
        guard outcome != .stopped else { return }
        let said: String
        switch ending {
        case nil, .exited(0): return
        case .exited(let status): said = "exited with status \(status)"
        case .signalled(let signal): said = "was ended by signal \(signal)"
        }
        var message = "'\(([path] + extra).joined(separator: " "))' \(said)"
        let printed = String(decoding: exchange.errors, as: UTF8.self).trimmingTrailingWhitespace()
        message += printed.isEmpty ? " and printed nothing on standard error" : ":\n" + printed
        throw Failure(message: message)
    }

    /// Writes the input, and reads the output and the errors, all at once
    /// with `poll`, so that neither `dot` nor this waits for the other to
    /// empty a full buffer.
    private struct Exchange {
        let input: [UInt8]
        var inputEnd: Int32
        var outputEnd: Int32
        var errorEnd: Int32
        var written = 0
        /// The start of what `dot` printed on standard error.
        var errors: [UInt8] = []
        static let maxErrorBytes = 16 << 10

        init(input: [UInt8], inputEnd: Int32, outputEnd: Int32, errorEnd: Int32) {
            self.input = input
            self.inputEnd = inputEnd
            self.outputEnd = outputEnd
            self.errorEnd = errorEnd
        }

        /// How an exchange ended.
        enum Outcome {
            /// The program closed its output and errors.
            case finished
            /// `shouldStop` said to stop.
            case stopped
            /// The deadline passed first.
            case timedOut
        }

        /// Runs until `dot` closes its output and errors, `shouldStop` says
        /// to stop, or `deadline` passes. Closes every end.
        mutating func run(
            output: (ArraySlice<UInt8>) -> Void, shouldStop: () -> Bool, deadline: ContinuousClock.Instant
        ) -> Outcome {
            defer {
                for end in [inputEnd, outputEnd, errorEnd] where end >= 0 { close(end) }
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            if input.isEmpty { closeInput() }
            while outputEnd >= 0 || errorEnd >= 0 {
                var ends: [pollfd] = []
                if inputEnd >= 0 { ends.append(pollfd(fd: inputEnd, events: Int16(POLLOUT), revents: 0)) }
                if outputEnd >= 0 { ends.append(pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0)) }
                if errorEnd >= 0 { ends.append(pollfd(fd: errorEnd, events: Int16(POLLIN), revents: 0)) }
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return .timedOut }
                let (seconds, attoseconds) = left.components
                let wait = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
                let ready = ends.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), wait) }
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .finished
                }
                for end in ends where end.revents != 0 {
                    if end.fd == inputEnd {
                        writeInput()
                    } else if end.fd == outputEnd {
                        let count = readSome(outputEnd, into: &buffer)
                        if count <= 0 {
                            close(outputEnd)
                            outputEnd = -1
                        } else {
                            output(buffer[0..<count])
                            if shouldStop() { return .stopped }
                        }
                    } else if end.fd == errorEnd {
                        let count = readSome(errorEnd, into: &buffer)
                        if count <= 0 {
                            close(errorEnd)
                            errorEnd = -1
                        } else if errors.count < Self.maxErrorBytes {
                            errors.append(contentsOf: buffer[0..<min(count, Self.maxErrorBytes - errors.count)])
                        }
                    }
                }
            }
            return .finished
        }

        private mutating func writeInput() {
            while written < input.count {
                let count = input[written...].withUnsafeBytes { bytes in
                    #if os(Linux)
                        send(inputEnd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                    #else
                        send(inputEnd, bytes.baseAddress, bytes.count, 0)
                    #endif
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { return }
                    // `dot` stopped reading: what it says and its status tell why.
                    break
                }
                written += count
            }
            closeInput()
        }

        private mutating func closeInput() {
            if inputEnd >= 0 { close(inputEnd) }
            inputEnd = -1
        }

        private func readSome(_ end: Int32, into buffer: inout [UInt8]) -> Int {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(end, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                return count
            }
        }
    }

    private static func makeSocketPair(_ ends: inout [Int32]) -> Bool {
        #if os(Linux)
            return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
        #else
            guard socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0 else { return false }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return true
        #endif
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
