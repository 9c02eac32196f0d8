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
