import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a program that a test ran ended, and what it printed.
public struct ExecutableResult: Sendable {
    /// Its exit status, or the number of the signal that ended it (see
    /// ``isSignalled``).
    public var status: Int32
    /// Whether a signal ended it; then ``status`` is the signal's number.
    public var isSignalled: Bool
    /// What it wrote to standard output (and to standard error, when the
    /// two were merged).
    public var output: String
    /// What it wrote to standard error, when kept apart from the output.
    public var errors: String
}

/// A program a test started and talks to while it runs: its input written
/// by the test, its output collected as it comes (through pipes or a
/// pseudo-terminal), at most ``outputLimit`` bytes of each stream kept.
/// A child still running when the value is released is killed, so that no
/// test leaves one behind.
///
///     let live = try RunningExecutable(try sceneRunnerURL(), arguments: ["live", path])
///     #expect(waitUntil { live.output.contains("ready") })
///     live.type("tap: play\n")
///     live.endInput()
///     let result = try live.wait()
///
/// For a program run to its end, `runExecutable(...)` does all of this in
/// one call.
public final class RunningExecutable {
    /// How many bytes of each stream are kept (the rest is read and counted).
    public static let outputLimit = 256 << 20

    private let process = Process()
    private let input: FileHandle
    private let isTerminal: Bool
    private let captures: [OutputCapture]
    private let outputCapture: OutputCapture?
    private let errorsCapture: OutputCapture?
    private let ended = DispatchSemaphore(value: 0)
    private let name: String
    /// The pseudo-terminal's side of this process, closed once read to its end.
    private let terminal: Int32?

    /// Where a stream of the program's output goes.
    public enum Destination: Equatable, Sendable {
        /// Read as it comes and kept (the first ``RunningExecutable/outputLimit`` bytes).
        case collected
        /// Written to the file at this path (made if missing).
        case file(String)
        /// Thrown away (`/dev/null`).
        case discarded
        /// A pipe the test reads or closes itself, through
        /// ``RunningExecutable/outputPipe`` or ``RunningExecutable/errorsPipe``.
        case pipe
    }

    /// Starts `executable` with `arguments`, from `directory` (the package's
    /// folder unless given), with this process's environment changed by
    /// `environment` (a value sets a variable, `nil` removes it).
    ///
    /// - Parameters:
    ///   - terminal: runs it on a pseudo-terminal of 80 by 24 (its input,
    ///     output and errors), as a person at a terminal would.
    ///   - output: where its standard output goes.
    ///   - errors: where its standard error goes, unless merged.
    ///   - mergingErrors: sends standard error where standard output goes,
    ///     in the order they were written (always so on a terminal).
    public init(
        _ executable: URL, arguments: [String] = [], environment: [String: String?] = [:], directory: URL? = nil,
        terminal: Bool = false, output: Destination = .collected, errors: Destination = .collected,
        mergingErrors: Bool = false
    ) throws {
        name = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        isTerminal = terminal
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let ended = self.ended
        process.terminationHandler = { _ in ended.signal() }
        if terminal {
            var primary: Int32 = -1
            var secondary: Int32 = -1
            var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { throw POSIXError(.ENODEV) }
            let child = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
            process.standardInput = child
            process.standardOutput = child
            process.standardError = child
            input = FileHandle(fileDescriptor: primary, closeOnDealloc: false)
            self.terminal = primary
            captures = [OutputCapture(descriptor: primary)]
            outputCapture = captures.first
            errorsCapture = nil
            outputPipe = nil
            errorsPipe = nil
            try process.run()
            try child.close()
        } else {
            let stdin = Pipe()
            process.standardInput = stdin
            input = stdin.fileHandleForWriting
            self.terminal = nil
            let out = try Self.stream(for: output)
            let err = mergingErrors ? out : try Self.stream(for: errors)
            process.standardOutput = out.handle
            process.standardError = err.handle
            outputPipe = output == .pipe ? out.pipe?.fileHandleForReading : nil
            errorsPipe = !mergingErrors && errors == .pipe ? err.pipe?.fileHandleForReading : nil
            outputCapture = out.capture
            errorsCapture = mergingErrors ? nil : err.capture
            captures = [out.capture, mergingErrors ? nil : err.capture].compactMap { $0 }
            try process.run()
        }
        for capture in captures { capture.start() }
    }

    /// What a stream of the child is given, and how it is read.
    private static func stream(for destination: Destination) throws -> (
        handle: Any, pipe: Pipe?, capture: OutputCapture?
    ) {
        switch destination {
        case .collected:
            let pipe = Pipe()
            return (pipe, pipe, OutputCapture(pipe: pipe))
        case .pipe:
            let pipe = Pipe()
            return (pipe, pipe, nil)
        case .discarded:
            return (FileHandle.nullDevice, nil, nil)
        case .file(let path):
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw TestSupportError(description: "cannot open '\(path)' for a child's output: errno \(errno)")
            }
            return (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), nil, nil)
        }
    }

    /// The reading end of its standard output, when that goes to ``Destination/pipe``.
    public let outputPipe: FileHandle?

    /// The reading end of its standard error, when that goes to ``Destination/pipe``.
    public let errorsPipe: FileHandle?

    /// Its process id.
    public var processIdentifier: pid_t { process.processIdentifier }

    /// Whether it is still running.
    public var isRunning: Bool { process.isRunning }

    /// What it wrote to standard output so far (with its errors, when merged
    /// or on a terminal).
    public var output: String { outputCapture?.text ?? "" }

    /// What it wrote to standard error so far, when collected apart.
    public var errors: String { errorsCapture?.text ?? "" }

    /// Whether what is collected of its output and errors was read to its end.
    public var isOutputEnded: Bool { captures.allSatisfy(\.isEnded) }

    /// Writes `text` to its input.
    public func type(_ text: String) {
        // Thrown away once it stopped reading (EPIPE).
        try? input.write(contentsOf: Data(text.utf8))
    }

    /// Ends its input: the pipe is closed; on a terminal, Ctrl-D is typed
    /// (closing it would hang the terminal up).
    public func endInput() {
        if isTerminal {
            try? input.write(contentsOf: Data([4]))
        } else {
            try? input.close()
        }
    }

    /// Sends it `signal`.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits until it ends, at most `timeout` (a hang guard: past it, the
    /// program is killed and the wait throws, with what it printed), then
    /// until its output is read to the end; how it ended.
    public func wait(timeout: Duration = .seconds(120)) throws -> ExecutableResult {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        if ended.wait(timeout: .now() + timeout.timeInterval) == .timedOut {
            send(SIGKILL)
            process.waitUntilExit()
            throw TestSupportError(
                description: "\(name) did not end within \(timeout) and was killed; it printed:\n\(output)\(errors)")
        }
        ended.signal()
        // A child it left running may hold the output open: what came is kept.
        waitUntil(timeout: max(deadline - clock.now, .seconds(1))) { isOutputEnded }
        return ExecutableResult(
            status: process.terminationStatus, isSignalled: process.terminationReason == .uncaughtSignal,
            output: output, errors: errors)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if let terminal, isOutputEnded { close(terminal) }
    }
}

/// Runs `executable` with `arguments` to its end and returns its status,
/// output and errors (each collected unless sent elsewhere by `output` and
/// `errors`): its input is `input` (then closed), it runs from
/// `directory` (the package's folder unless given) with this process's
/// environment changed by `environment` (a value sets a variable, `nil`
/// removes it). Past `timeout` (a hang guard, not a speed target) it is
/// killed and the call throws with what it printed; at most
/// ``RunningExecutable/outputLimit`` bytes of each stream are kept.
///
///     let node = try runExecutable(URL(fileURLWithPath: "/usr/bin/node"), arguments: ["--check", script])
///     #expect(node.status == 0, "\(node.errors)")
///
/// - Parameter mergingErrors: collects standard error with standard
///   output, in the order they were written, in ``ExecutableResult/output``.
public func runExecutable(
    _ executable: URL, arguments: [String] = [], input: String = "", environment: [String: String?] = [:],
    directory: URL? = nil, output: RunningExecutable.Destination = .collected,
    errors: RunningExecutable.Destination = .collected, mergingErrors: Bool = false,
    timeout: Duration = .seconds(120)
) throws -> ExecutableResult {
    let running = try RunningExecutable(
        executable, arguments: arguments, environment: environment, directory: directory, output: output,
        errors: errors, mergingErrors: mergingErrors)
    if input.isEmpty {
        running.endInput()
    } else {
        // On a thread of its own: a program that writes much before it
        // reads would otherwise block both sides.
        let writer = InputWriter(running)
        Thread { writer.write(input) }.start()
    }
    return try running.wait(timeout: timeout)
}

/// Hands a running program to the thread that writes its input.
private struct InputWriter: @unchecked Sendable {
    let running: RunningExecutable

    init(_ running: RunningExecutable) { self.running = running }

    func write(_ text: String) {
        running.type(text)
        running.endInput()
    }
}

/// One output stream of a running program, read on a thread of its own
/// to its end; the first ``RunningExecutable/outputLimit`` bytes are kept.
private final class OutputCapture: Sendable {
    private let descriptor: Int32
    private let pipe: Pipe?
    private let state = Mutex<(bytes: [UInt8], dropped: Int, isEnded: Bool)>(([], 0, false))

    init(pipe: Pipe) {
        self.pipe = pipe
        descriptor = pipe.fileHandleForReading.fileDescriptor
    }

    init(descriptor: Int32) {
        pipe = nil
        self.descriptor = descriptor
    }

    func start() {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                state.withLock { state in
                    let kept = min(count, RunningExecutable.outputLimit - state.bytes.count)
                    state.bytes += buffer.prefix(kept)
                    state.dropped += count - kept
                }
            }
            state.withLock { $0.isEnded = true }
        }
        .start()
    }

    var isEnded: Bool { state.withLock { $0.isEnded } }

    var text: String {
        state.withLock { state in
            String(decoding: state.bytes, as: UTF8.self)
                + (state.dropped > 0 ? "\n[\(state.dropped) more bytes not kept]\n" : "")
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation and Dispatch take it.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
