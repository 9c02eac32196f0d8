import CSpawn
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run as a child process: Graphviz's `dot`, `rsvg-convert`
/// and `scene-runner`.
///
/// The child starts with the signals as a program expects them: none
/// blocked (the command line blocks its ending signals for its signal
/// thread) and SIGPIPE (which the command line ignores) and the signals
/// the caller names at their defaults. Its standard input, output and
/// error are the descriptors given, or this process's own; a descriptor
/// given is closed in the child after it is copied to its place. Any other
/// descriptor is inherited unless it is close-on-exec: make pipes with
/// ``makePipe(_:)``, so that the child does not hold the parent's ends.
///
///
/// Every child is registered from its start until it is waited for:
/// ``endAll()`` kills those still running, which the command line's signal
/// handling does before the process ends by a signal, so that no child
/// outlives an interrupted runner. A signal that cannot be handled
/// (SIGKILL) ends the children too on Linux: each is started (by `CSpawn`)
/// to be killed when the thread that started it ends, so a child is
/// started and waited for on one thread, without suspending in between.
/// ``wait(within:)`` bounds how long a child may run.
///
///     let child = try ChildProcess.spawn("/usr/bin/dot", arguments: ["-Tsvg"], standardInput: input)
///     let ending = child.wait()   // .exited(0)
package struct ChildProcess: Sendable {
    /// Its process id.
    package let pid: pid_t

    /// The children started and not yet waited for. Held while a child is
    /// started, so that ``endAll()`` cannot miss one being started.
    private static let running = Mutex<Set<pid_t>>([])

    /// The process ids of the children started and not yet waited for.
    package static var runningIDs: Set<pid_t> { running.withLock { $0 } }

    /// Kills (SIGKILL) every child started and not yet waited for, and
    /// forgets them: called when the process ends by a signal. Their
    /// output is not wanted any more, and a filter busy with a huge
    /// picture may not read its input again to notice anything gentler.
    package static func endAll() {
        let pids = running.withLock { pids in
            let taken = pids
            pids.removeAll()
            return taken
        }
        for pid in pids { kill(pid, SIGKILL) }
    }

    /// Why a child could not be started.
    package struct Failure: Error, CustomStringConvertible {
        /// What failed.
        package let description: String

        /// A failure saying `description`.
        package init(description: String) { self.description = description }
    }

    /// How a child ended.
    package enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)

        /// Its exit status, or 128 plus the signal that ended it, as a shell gives it.
        package var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        /// The ending `waitpid` reports as `status`.
        package init(waitStatus status: Int32) {
            // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }
    }

    /// What a child run by ``run(_:arguments:)`` printed, and how it ended.
    package struct Outcome: Sendable {
        /// Everything it wrote to standard output.
        package var output: String
        /// Its exit status, or 128 plus the signal that ended it.
        package var status: Int32
    }

    /// Starts the program at `path` with `arguments` (after its own name).
    /// `standardInput`, `standardOutput` and `standardError` become the
    /// child's (`nil` keeps this process's); `defaultSignals` are set to
    /// their default actions in the child, with SIGPIPE.
    package static func spawn(
        _ path: String, arguments: [String] = [], standardInput: Int32? = nil, standardOutput: Int32? = nil,
        standardError: Int32? = nil, defaultSignals: [Int32] = []
    ) throws(Failure) -> ChildProcess {
        let places: [Int32] = [standardInput ?? -1, standardOutput ?? -1, standardError ?? -1]
        let words = [path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let signals = defaultSignals + [SIGPIPE]
        var pid = pid_t()
        let spawned = running.withLock { pids in
            let spawned = cspawn_start(&pid, path, argv, environ, places, signals, Int32(signals.count))
            if spawned == 0 { pids.insert(pid) }
            return spawned
        }
        guard spawned == 0 else {
            throw Failure(description: "cannot run '\(path)': \(String(cString: strerror(spawned)))")
        }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end; `nil` when it cannot be waited for
    /// (`waitpid` fails with other than EINTR).
    package func wait() -> Ending? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                forget()
                return nil
            }
        }
        forget()
        return Ending(waitStatus: status)
    }

    /// Waits for the child to end for at most `limit`; past it the child is
    /// killed (SIGKILL) and waited for. `timedOut` says which; `ending` is
    /// `nil` when it cannot be waited for.
    package func wait(within limit: Duration) -> (ending: Ending?, timedOut: Bool) {
        let deadline = ContinuousClock.now + limit
        // Looked at every few milliseconds: waitpid has no time limit of its own.
        var pause = Duration.milliseconds(1)
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                forget()
                return (Ending(waitStatus: status), false)
            }
            if result < 0 && errno != EINTR {
                forget()
                return (nil, false)
            }
            if ContinuousClock.now >= deadline {
                send(SIGKILL)
                return (wait(), true)
            }
            ThreadSleep.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
    }

    /// Forgets the child once it is waited for: its id may be reused.
    private func forget() {
        _ = Self.running.withLock { $0.remove(pid) }
    }

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) { kill(pid, signal) }

    /// Runs the program at `path` with `arguments` and waits for it,
    /// capturing its standard output; standard error is shared, so that
    /// its diagnostics reach the terminal.
    package static func run(_ path: String, arguments: [String]) throws(Failure) -> Outcome {
        var ends: [Int32] = [-1, -1]
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
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: chunk[0..<count])
        }
        close(ends[0])
        guard let ending = child.wait() else {
            throw Failure(description: "waitpid failed: \(String(cString: strerror(errno)))")
        }
        return Outcome(output: String(decoding: output, as: UTF8.self), status: ending.status)
    }

    /// A pipe whose ends are close-on-exec, so that a child another thread
    /// starts meanwhile does not hold them open; `false` and `errno` when
    /// there is none.
    package static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }
}
