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
            (with the session's access token) is printed first. The page shows the scene as the renderer draws \
            it, updated as it changes, and the transcript beside it: click a button to tap it (pressed while the \
            mouse is down), drag a slider, click a text field and type, click a segment, swipe a paged table, and type script steps \
            (tap: play, expect: { controls.hidden: true }) in the box under the picture. The transcript is also \
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

    @Argument(help: "The scene file.")
    var file: String

    @Option(help: ArgumentHelp("The port to listen on, on 127.0.0.1 (0: any free port).", valueName: "n"))
    var port = 0

    @Option(
        help: ArgumentHelp(
            "End the session after this much real time (5s, 1m30s); by default it runs until Ctrl-C.",
            valueName: "duration"))
    var duration: String?

    @Option(
        help: ArgumentHelp(
            "Write the session as a scene that 'run' replays (the last one, after a reload), as live --record does.",
            valueName: "file"))
    var record: String?

    @Flag(help: "Print every animation frame instead of each animation's start and end.")
    var verbose = false

    @Flag(
        name: .customLong("with-script"),
        help: "Also perform the scene's own script, each step at its time; by default it is ignored.")
    var withScript = false

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
        try LiveSession.validateDuration(duration)
    }

    func run(in context: CommandContext) throws {
        var runner = SceneRunner(registry: context.registry, limits: context.limits)
        runner.loader.programName = context.programName
        let source: SceneSource
        do {
            source = try runner.loader.source(contentsOf: file)
        } catch {
            Records.writeInvalid(error, name: error.source.name, format: .text, prefix: "not run: ", to: context.output)
            throw ExitCode(ExitStatus.invalidScene)
        }
        if let record, !LiveRecording.canRecord(String(decoding: source.bytes, as: UTF8.self)) {
            throw CommandFailure(
                message:
                    "--record \(record): \(file) is not written as a block mapping (keys at the start of lines), so a script cannot be added to it; write its top level in block style",
                status: ExitStatus.usage)
        }
        let included = runner.loader.includedFiles(of: file)
        let recording = try record.map { record throws(CommandFailure) in
            var inputs = InputFiles([file])
            for component in included { inputs.add(component) }
            return try OutputFile(record, option: "--record", inputs: inputs)
        }
        guard let hub = PreviewHub() else {
            throw CommandFailure(
                message: "cannot make the pipe the page's messages go through: the process has no descriptor left",
                status: ExitStatus.internalError)
        }
        let token = PreviewAccess.newToken()
        let server: PreviewServer
        do {
            server = try PreviewServer.start(port: port, token: token, hub: hub, page: PreviewPage.bytes)
        } catch {
            throw CommandFailure(message: error.message, status: ExitStatus.portUnavailable)
        }
        defer { server.stop() }
        context.writeLine("Preview of \(file): http://127.0.0.1:\(server.port)/?token=\(token)")
        context.writeLine("Open it in a browser on this machine; Ctrl-C ends the session.")
        context.output.flush()
        let sessions = PreviewSessions(
            source: source, file: file, runner: runner, hub: hub, verbose: verbose, withScript: withScript,
            keepsInputs: record != nil, frameRate: frameRate, duration: duration.flatMap { ScalarSyntax.duration($0) },
            watched: [file] + included)
        let outcome = sessions.run(into: context.output)
        hub.publish("ended", "the session ended")
        if let record, let recording, let (recorded, result) = outcome.last {
            let text = LiveRecording.text(
                of: recorded, recordedAt: record, objectIDs: result.objectIDs, inputs: result.inputs,
                end: result.summary.endTime, finalValues: result.finalValues)
            if let failure = recording.write(text) {
                throw CommandFailure(
                    message: "could not write the recording '\(record)': \(failure)", status: ExitStatus.outputFailed)
            }
            context.writeLine("Recorded the session in \(record): '\(context.programName) run \(record)' replays it.")
        }
        if outcome.failed { throw ExitCode(ExitStatus.failedExpectation) }
    }
}
