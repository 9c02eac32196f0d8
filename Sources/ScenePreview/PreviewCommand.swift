import ArgumentParser
import SceneCommandLine
import SceneCore
import SceneLoader
import SceneRunning

extension SceneCommandLine.Command {
    /// `preview FILE`: the scene on the real clock in a browser page served
    /// on 127.0.0.1, played with the mouse and keyboard, recorded with
    /// `--record` (see docs/CommandLine.md, "Preview"). A runner adds it
    /// with `SceneCommandLine(registry: registry, extraCommands: [.preview])`.
    public static var preview: Self { Self(PreviewCommand.self) }
}

extension ExitStatus {
    /// `preview` could not listen on its port: it is in use, or the system
    /// refused it.
    public static let portUnavailable: Int32 = 75
}

/// `preview FILE [--port N] [--record FILE] [--duration D]`.
struct PreviewCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Play with a scene in a browser, on the real clock.",
        discussion: """
            Runs the scene on the real clock as 'live' does and serves a page on 127.0.0.1 only, whose address \
            (with the session's access token) is printed first; the scene starts when the page connects. The page shows the scene as the renderer draws \
            it, updated as it changes, and the transcript beside it: click a button to tap it (pressed while the \
            mouse is down), drag a slider, click a text field and type, click a segment, swipe a paged table, and type script steps \
            (tap: play, expect: { controls.hidden: true }) in the box under the transcript. The scene's own script \
            is run only with --with-script (the page says so when it is not). The transcript is also \
            printed. Saving the scene file or a component it includes reloads it. Ctrl-C or --duration ends \
            the session; --record writes it as 'live --record' does, and 'run' replays it.


            """
                + ExitStatus.help([
                    (ExitStatus.success, "every expectation held"),
                    (ExitStatus.failedExpectation, "a step was refused, an expectation failed or the scene stopped"),
                    (ExitStatus.invalidScene, "the scene is invalid or unreadable"),
                    ExitStatus.outputUsageLine,
                    (ExitStatus.outputFailed, "the output, or the --record file, could not be written"),
                    (ExitStatus.portUnavailable, "the port is in use, or the system refused it"),
                ])
    )

    @OptionGroup var options: LiveOptions

    @Option(help: ArgumentHelp("The port to listen on, on 127.0.0.1 (0: any free port).", valueName: "n"))
    var port = 0

    @Option(
        name: .customLong("frame-rate"),
        help: ArgumentHelp("The most pictures a second sent while the scene moves (1 to 120).", valueName: "n"))
    var frameRate = 60

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port takes a port number from 1 to 65535, or 0 for any free port.")
        }
        guard (1...120).contains(frameRate) else {
            throw ValidationError("--frame-rate takes a number from 1 to 120.")
        }
    }

    func run(in context: CommandContext) throws {
        let runner = options.runner(in: context)
        let source = try options.source(with: runner, in: context)
        let file = options.file
        let included = runner.loader.includedFiles(of: file)
        // Planned before the session, as live does.
        let recording = try LiveRecordingPlan.plan(
            options, source: source, loader: runner.loader, includes: included, standardOutputs: context.standardOutputs
        )
        let clock = LiveClock.monotonic()
        let hub = PreviewHub(clock: clock, limits: runner.loader.limits)
        let token = PreviewAccess.newToken()
        let server: PreviewServer
        do {
            server = try PreviewServer.start(port: port, token: token, hub: hub, page: PreviewPage.bytes)
        } catch {
            throw CommandFailure(message: error.message, status: ExitStatus.portUnavailable)
        }
        defer { server.stop() }
        context.writeLine("Preview of \(file): http://127.0.0.1:\(server.port)/?token=\(token)")
        context.writeLine(
            "Open it in a browser on this machine (the scene starts when it connects); Ctrl-C ends the session.")
        context.output.flush()
        let sessions = PreviewSessions(
            source: source, file: file, runner: runner, hub: hub, verbose: options.verbose,
            withScript: options.withScript, keepsInputs: recording != nil, frameRate: frameRate,
            duration: options.sessionDuration, watched: [file] + included, clock: clock)
        let outcome = sessions.run(into: context.output)
        // What the page sends from now on is not read.
        hub.close()
        if let error = outcome.invalid {
            hub.publish("ended", "the scene is invalid: nothing ran")
            throw LiveOptions.invalid(error, in: context)
        }
        hub.publish("ended", "the session ended")
        if let recording, let (recorded, result) = outcome.last {
            try recording.write(result, of: recorded)
            context.writeLine(
                "Recorded the session in \(recording.path): '\(context.programName) run \(recording.path)' replays it.")
        }
        if outcome.failed { throw ExitCode(ExitStatus.failedExpectation) }
    }
}
