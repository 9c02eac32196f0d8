import ArgumentParser
import SceneCore
import SceneLoader
import SceneOutput
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole `scene-runner` command line (`run`, `check`, `types`, `graph`, `schema`, `live`) over a
/// registry a program supplies, so that a package with its own behaviour
/// types has a runner that knows them. `scene-runner` itself is this with
/// the standard types:
///
///     // Sources/my-runner/main.swift
///     import SceneBehaviours
///     import SceneCommandLine
///
///     var registry = SceneRegistry.standard
///     try registry.register(Countdown.sceneDescription())
///     SceneCommandLine(registry: registry).main()
///
/// Usage lines, help and hints name the running executable (`my-runner
/// types lists the registered types`), not `scene-runner`.
public struct SceneCommandLine {
    /// The name help, usage and hints give the program (the loader's
    /// ``SceneLoader/programName``).
    public var programName: String
    /// The types scenes may declare.
    public var registry: SceneRegistry
    /// The limits every scene must stay within.
    public var limits: SceneLimits
    /// Subcommands the program adds to the standard ones (such as
    /// ScenePreview's `.preview`), listed after them in help.
    public var extraCommands: [Command] = []

    /// A command line over `registry`. `programName` defaults to the file
    /// name of the running executable.
    public init(
        programName: String? = nil, registry: SceneRegistry, limits: SceneLimits = SceneLimits(),
        extraCommands: [Command] = []
    ) {
        self.programName = programName ?? Self.executableName()
        self.registry = registry
        self.limits = limits
        self.extraCommands = extraCommands
    }

    /// Runs the command line on the process's arguments and exits with its
    /// status.
    ///
    /// It first sets up the process's signals: SIGPIPE is ignored (a
    /// closed pipe is a failed write: status 74), and SIGINT, SIGTERM and
    /// SIGHUP remove the temporary files and folders a run made (a page's
    /// `.partial` file, a store's state folder) before the process ends by
    /// the signal (a shell shows 130, 143, 129). Call it before
    /// starting threads of your own, so that they leave those signals to it.
    public func main() -> Never {
        SignalHandling.install()
        let status = run(Array(CommandLine.arguments.dropFirst()))
        SignalHandling.claimOrdinaryExit()
        TemporaryItems.removeAll()
        exit(status)
    }

    /// Runs the command line on `arguments` (without the program's name),
    /// printing to standard output and standard error, and returns the exit
    /// status (see ``ExitStatus``). SIGPIPE is ignored from then on, so that
    /// a closed standard output is a failed write (status 74).
    public func run(_ arguments: [String]) -> Int32 {
        SignalHandling.ignoreBrokenPipes()
        // Nothing is buffered on a terminal, so that a long run is watched
        // as it happens.
        let output = DescriptorOutput(descriptor: 1, bufferSize: isatty(1) == 1 ? 0 : 1 << 14)
        let errors = DescriptorOutput(descriptor: 2, bufferSize: isatty(2) == 1 ? 0 : 1 << 14)
        let environment = Self.processEnvironment()
        let annotates = Self.annotates(environment)
        let standardOutput = StandardOutput(output, descriptor: 1, escapesWorkflowCommands: annotates)
        let standardError = StandardOutput(errors, descriptor: 2, escapesWorkflowCommands: annotates)
        var status = run(arguments, output: standardOutput, errors: standardError, environment: environment)
        standardOutput.finish()
        if let failure = output.finish() {
            standardError.write("Error: could not write the output: \(failure)\n")
            if status == ExitStatus.success || status == ExitStatus.failedExpectation {
                status = ExitStatus.outputFailed
            }
        }
        standardError.finish()
        _ = errors.finish()
        return status
    }

    /// Whether what the commands print reaches a GitHub Actions log, which
    /// reads workflow commands in it: `GITHUB_ACTIONS` is `true`.
    static func annotates(_ environment: [String: String]) -> Bool {
        environment[ReportFormat.gitHubActionsVariable] == "true"
    }

    /// Runs the command line, writing through `output` and `errors`;
    /// `environment` stands for the process's environment variables (the
    /// ones the commands read, such as `GITHUB_ACTIONS`) when given. Both
    /// are written through a ``StandardOutput`` (themselves when they are
    /// one), which escapes workflow commands while annotations are on.
    func run(
        _ arguments: [String], output: some TextSink, errors: some TextSink, environment: [String: String]? = nil
    ) -> Int32 {
        let environment = environment ?? Self.processEnvironment()
        let annotates = Self.annotates(environment)
        let isWrapping = !(output is StandardOutput)
        let output = output as? StandardOutput ?? StandardOutput(output, escapesWorkflowCommands: annotates)
        let errors = errors as? StandardOutput ?? StandardOutput(errors, escapesWorkflowCommands: annotates)
        defer {
            if isWrapping {
                output.finish()
                errors.finish()
            }
        }
        guard registry.refusedBuiltIns.isEmpty else {
            for refusal in registry.refusedBuiltIns {
                errors.write("Error: a built-in type was refused, a bug in the module that ships it: \(refusal)\n")
            }
            return ExitStatus.internalError
        }
        let context = CommandContext(
            programName: programName, registry: registry, limits: limits, output: output, errors: errors,
            extraCommands: extraCommands, environment: environment)
        do {
            var command = try RootCommand.named(programName, extraCommands) { try RootCommand.parseAsRoot(arguments) }
            if try !Subcommands.run(command, in: context) {
                // ArgumentParser's own commands, such as `help check`.
                try RootCommand.named(programName, extraCommands) { try command.run() }
            }
            return ExitStatus.success
        } catch let failure as CommandFailure {
            errors.write("Error: \(VisibleText.lines(failure.message))\n")
            return failure.status
        } catch {
            let status = RootCommand.exitCode(for: error).rawValue
            let message =
                (try? RootCommand.named(programName, extraCommands) { RootCommand.fullMessage(for: error) })
                ?? "\(error)"
            if !message.isEmpty {
                if status == ExitStatus.success {
                    output.write(message + "\n")
                } else {
                    errors.write(message + "\n")
                }
            }
            return status
        }
    }

    /// The environment variables the commands read, from the process's environment.
    private static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in [ReportFormat.gitHubActionsVariable] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    private static func executableName() -> String {
        let path = CommandLine.arguments.first ?? "scene-runner"
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.isEmpty ? "scene-runner" : name
    }
}

/// The exit statuses of every command.
public enum ExitStatus {
    /// Every scene is valid and every expectation held.
    public static let success: Int32 = 0
    /// An expectation failed, or a script stopped on an error.
    public static let failedExpectation: Int32 = 1
    /// A scene is invalid or unreadable.
    public static let invalidScene: Int32 = 2
    /// The command line itself is wrong: an unknown option, a missing file
    /// argument, an unknown type name.
    public static let usage: Int32 = 64
    /// A program the command needs is missing or failed: Graphviz's `dot`,
    /// which `graph --format svg` runs.
    public static let toolUnavailable: Int32 = 69
    /// A built-in type was refused when it was registered: a bug in the
    /// module that ships it (``SceneRegistry/refusedBuiltIns``).
    public static let internalError: Int32 = 70
    /// The output could not be written (a closed or full standard output).
    public static let outputFailed: Int32 = 74

    /// The statuses as `--help` lists them.
    package static func help(_ statuses: [(Int32, String)]) -> String {
        "Exit status:\n"
            + statuses.map { (String(repeating: " ", count: 4 - String($0.0).count)) + "\($0.0)  \($0.1)" }.joined(
                separator: "\n")
    }

    static let successLine = (success, "success")
    static let usageLine = (usage, "a usage error: an unknown option or a missing argument")
    static let outputLine = (outputFailed, "the output could not be written")
    /// Ctrl-C: the status a shell shows for a process SIGINT ended (143 for SIGTERM, 129 for SIGHUP).
    static let interruptedLine: (Int32, String) = (
        130, "interrupted by Ctrl-C (143: SIGTERM); temporary files removed"
    )
    /// The usage line of a command that writes files.
    package static let outputUsageLine: (Int32, String) = (
        usage, "a usage error, or an output file that is a file being read"
    )
}

/// What every command runs with.
package struct CommandContext {
    /// The name hints, usage and help give the program.
    package let programName: String
    package let registry: SceneRegistry
    package let limits: SceneLimits
    package let output: any TextSink
    /// Standard error: what went wrong with the output itself.
    package let errors: any TextSink
    /// The subcommands the program added (``SceneCommandLine/extraCommands``).
    var extraCommands: [SceneCommandLine.Command] = []
    /// The environment variables the commands read (`GITHUB_ACTIONS`).
    var environment: [String: String] = [:]

    /// A loader for the context's types, naming the program in its hints.
    package var loader: SceneLoader {
        var loader = SceneLoader(registry: registry, limits: limits)
        loader.programName = programName
        return loader
    }

    package func write(_ text: String) { output.write(text) }

    package func writeLine(_ text: String) { output.write(text + "\n") }

    /// Standard output and error, when they are ``StandardOutput``s (as
    /// ``SceneCommandLine`` makes them): an output file that is one of them
    /// is written through it.
    package var standardOutputs: [StandardOutput] { [output, errors].compactMap { $0 as? StandardOutput } }

    /// Says that the command prints workflow commands (`--format github`):
    /// from now on, everything else it prints is escaped.
    func beginAnnotating() { for stream in standardOutputs { stream.escapeWorkflowCommands() } }

    /// Says what the command prints to standard output (JSON, markup), so
    /// that an escaped character keeps its meaning there.
    func printing(_ dialect: WorkflowCommandFilter.Dialect) {
        (output as? StandardOutput)?.dialect = dialect
    }
}

/// A subcommand that runs with a ``CommandContext``.
package protocol SceneSubcommand: ParsableCommand {
    func run(in context: CommandContext) throws
}

/// A command that could not do what it was asked, with the status to exit with.
package struct CommandFailure: Error {
    package let message: String
    package let status: Int32

    package init(message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}

/// Where a command writes text.
package protocol TextSink: AnyObject {
    func write(_ text: String)
    /// Whether a write failed, so that nothing more is worth doing.
    var hasFailed: Bool { get }
    /// Writes what is buffered now (a command that waits, such as `run
    /// --watch`, shows what it has before it waits).
    func flush()
    /// Writes bytes that need not be text (a PNG picture).
    func write(bytes: ArraySlice<UInt8>)
    /// Writes one of the runner's own workflow commands, a whole line.
    func writeWorkflowCommand(_ line: String)
}

extension TextSink {
    package func flush() {}

    /// Writes bytes that need not be text; as text, by default.
    package func write(bytes: ArraySlice<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }

    /// Writes one of the runner's own workflow commands (an annotation, a
    /// group), a whole line: as any text, unless the sink is a
    /// ``StandardOutput`` (which writes it as it is) or passes it on to one.
    package func writeWorkflowCommand(_ line: String) { write(line) }
}
