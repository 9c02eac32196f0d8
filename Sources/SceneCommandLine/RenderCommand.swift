import ArgumentParser
import SceneCore
import SceneDrawing
import SceneLoader
import SceneRunning

/// `render FILE [--at TIME]... [-o OUT] [--scale N] [--no-chrome] [--format svg|json]`: runs
/// a scene's script on its virtual clock up to each time asked and writes the
/// picture of its views there, as SVG the package draws itself (the same
/// bytes on every machine), or each view's frame as JSON Lines.
struct RenderCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a scene's views as SVG at moments of its run.",
        discussion: """
            Runs the script on the virtual clock and draws the scene at each --at time (default: the end of \
            the script): the views where their frames and layouts put them, each control in its state. A time \
            after the script's end lets the clock run on. On a canvas that names a device (canvas: iPhone 15), \
            its status bar and home indicator are drawn over the views unless --no-chrome is given. With one \
            picture and no -o, the SVG is printed; with \
            several, -o names the first and the others are numbered beside it (strip.svg, strip-2.svg, ...). An \
            output ending in .png is converted by librsvg's rsvg-convert, which must be on PATH \
            (apt-get install librsvg2-bin, brew install librsvg). With --format json, one JSON Lines record \
            per view and time is printed (or written to -o) instead of a picture: {"type": "view", "id": ..., \
            "at": ..., "frame": {"x", "y", "width", "height"} in canvas points or null, "hidden": ...}.
            """
                + "\n\n"
                + ExitStatus.help([
                    (ExitStatus.success, "the pictures were written"),
                    (ExitStatus.failedExpectation, "the script stopped with an error before a time asked for"),
                    (ExitStatus.invalidScene, "the file is invalid or unreadable; its diagnostics are printed"),
                    ExitStatus.outputUsageLine,
                    (ExitStatus.toolUnavailable, "a .png output: librsvg's rsvg-convert is not on PATH, or it failed"),
                    (ExitStatus.outputFailed, "a picture could not be written"),
                ])
    )

    @Argument(help: "The scene file.")
    var file: String

    @Option(
        name: .customLong("at"),
        help: ArgumentHelp(
            "A virtual time to draw the scene at (250ms, 1.5s, 2m); repeat for several.", valueName: "time"))
    var times: [String] = []

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the picture to this file (several: numbered beside it).", valueName: "file"))
    var output: String?

    // Unconditional: `--scale -1` is a wrong number, not a missing one.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pixels per point in the picture's width and height.", valueName: "n"))
    var scale: Double = 1

    @Flag(
        inversion: .prefixedNo,
        help:
            "Draw a device canvas's status bar and home indicator over the views (on by default; a canvas given as a size has none)."
    )
    var chrome = true

    /// What `render` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// A picture at each time.
        case svg
        /// Each view's frame at each time, as JSON Lines.
        case json
    }

    @Option(help: "svg draws a picture at each time; json prints each view's frame as JSON Lines.")
    var format: Format = .svg

    @OptionGroup var canvasOption: CanvasOption

    func validate() throws {
        // At least a hundredth: a picture of under a pixel is no picture.
        guard scale.isFinite, scale >= 0.01, scale <= 16 else {
            throw ValidationError("--scale takes a number from 0.01 to 16, not \(SceneValue.format(scale)).")
        }
        let latest = SceneLimits().maxVirtualTime
        for time in times {
            guard let instant = ScalarSyntax.duration(time) else {
                throw ValidationError("--at '\(time)' is not a time: write it as 250ms, 1.5s, 2m or 1h.")
            }
            guard instant >= .zero else {
                throw ValidationError("--at '\(time)' is before the scene starts: a time is 0s or later.")
            }
            guard instant <= latest else {
                throw ValidationError(
                    "--at '\(time)' is later than a scene may run: at most \(latest.components.seconds / 3600)h.")
            }
        }
        if format == .json, let output, output.lowercased().hasSuffix(".png") {
            throw ValidationError(
                "--format json writes JSON Lines, not a picture: name the output '.jsonl', not '\(output)'.")
        }
        if times.count > 1 && output == nil && format == .svg {
            throw ValidationError("Several --at times give several pictures: name the first with -o.")
        }
        if times.count > Self.maxPictures {
            throw ValidationError("At most \(Self.maxPictures) --at times in one run.")
        }
    }

    /// How many pictures one run may draw.
    static let maxPictures = 1_000

    func run(in context: CommandContext) throws {
        let loader = context.loader
        let source: SceneSource
        do {
            source = try loader.source(contentsOf: file)
        } catch {
            Records.writeInvalid(error, name: error.source.name, format: .text, to: context.output)
            throw ExitCode(ExitStatus.invalidScene)
        }
        var converter: String?
        if let output, output.lowercased().hasSuffix(".png") {
            converter = Graphviz.locate("rsvg-convert")
            guard converter != nil else {
                throw CommandFailure(
                    message: """
                        a .png picture needs librsvg's 'rsvg-convert', which is not on PATH. Install it (Debian, \
                        Ubuntu: 'apt-get install librsvg2-bin'; macOS: 'brew install librsvg'), or write SVG with \
                        -o \(String(output.dropLast(4))).svg.
                        """,
                    status: ExitStatus.toolUnavailable)
            }
        }
        // Only the last error is kept, not the transcript: a run of hours
        // holds what the scene holds, not every change it made.
        let transcript = LastError()
        let session: RunSession
        switch RunSession.start(source, loader: loader, streamingTo: transcript) {
        case .success(let started): session = started
        case .failure(let error):
            Records.writeInvalid(error, name: error.source.name, format: .text, to: context.output)
            throw ExitCode(ExitStatus.invalidScene)
        }
        if let (size, device) = canvasOption.canvas {
            // Before the first step: the views are laid out on it from the start.
            session.scene.canvas = size
            session.scene.device = device
        }
        if converter != nil {
            let canvas = session.scene.canvas ?? ScenePicture.defaultCanvas
            if let refusal = Self.pixelBudgetRefusal(canvas: canvas, scale: scale) {
                _ = session.finish()
                throw CommandFailure(message: refusal, status: ExitStatus.usage)
            }
        }
        let instants = times.compactMap(ScalarSyntax.duration).sorted()
        // JSON Lines go to one file, whatever the number of times.
        let targets = format == .json ? [output] : outputPaths(count: max(instants.count, 1))
        var inputs = InputFiles([file])
        // The components the load read, not the file read and checked again.
        for component in session.declaration.includedFiles { inputs.add(component) }
        inputs.standardOutputs = context.standardOutputs
        // Every picture's file is looked at before the first is written:
        // a refused name leaves the others as they were.
        let plans: [OutputFile?]
        do {
            let planned = try OutputFile.plan(targets.compactMap { $0 }, option: "--output", inputs: inputs)
            plans = planned.isEmpty ? [nil] : planned
        } catch {
            _ = session.finish()
            throw error
        }
        var written = 0
        var failure: CommandFailure?
        // A film strip of a fade or a shake is laid out once.
        let layout = LayoutCache()
        let frames = format == .json ? FrameLines(plan: plans[0], context: context) : nil
        if let frames, let problem = frames.opened() {
            _ = session.finish()
            throw problem
        }
        func draw(_ scene: Scene) {
            if let frames {
                frames.write(scene, layout: layout)
                written += 1
                return
            }
            guard failure == nil, written < targets.count else { return }
            failure = write(scene, to: plans[written], layout: layout, pngConverter: converter, context: context)
            written += 1
        }
        let ranThrough = session.run(pausingAt: instants) { scene, _ in draw(scene) }
        if instants.isEmpty && ranThrough { draw(session.scene) }
        _ = session.finish()
        failure = failure ?? frames?.finish()
        if let failure { throw failure }
        let expected = format == .json ? max(instants.count, 1) : targets.count
        if written < expected {
            let stop = transcript.message
            throw CommandFailure(
                message: "the script stopped before every picture was drawn (\(written) of \(expected))"
                    + (stop.map { ": \($0)" } ?? ""),
                status: ExitStatus.failedExpectation)
        }
    }

    /// Where each picture goes: standard output (`nil`), the file given, or
    /// the file given and numbered files beside it.
    private func outputPaths(count: Int) -> [String?] {
        guard let output else { return [nil] }
        guard count > 1 else { return [output] }
        let dot = output.lastIndex(of: ".").flatMap { index in
            output[index...].contains("/") ? nil : index
        }
        let stem = dot.map { String(output[..<$0]) } ?? output
        let suffix = dot.map { String(output[$0...]) } ?? ""
        return (1...count).map { $0 == 1 ? output : "\(stem)-\($0)\(suffix)" }
    }

    private func write(
        _ scene: Scene, to plan: OutputFile?, layout: LayoutCache, pngConverter: String?, context: CommandContext
    ) -> CommandFailure? {
        guard let plan else {
            context.printing(.markup)
            ScenePicture.write(scene, chrome: chrome, scale: scale, layout: layout) { context.output.write($0) }
            return nil
        }
        let path = plan.path
        let opened: OutputFileWriter
        switch plan.open(as: .markup) {
        case .failure(let failure):
            return CommandFailure(
                message: "cannot write the picture to '\(path)': \(failure.reason)", status: ExitStatus.outputFailed)
        case .success(let file): opened = file
        }
        if let converter = pngConverter, path.lowercased().hasSuffix(".png") {
            // `--unlimited`: an embedded image of 7 MiB or more is one
            // attribute over the 10,000,000 bytes rsvg-convert takes by default.
            var svg: [UInt8] = []
            ScenePicture.write(scene, chrome: chrome, scale: scale, layout: layout) { svg.append(contentsOf: $0.utf8) }
            do {
                try Graphviz.filter(
                    svg, through: converter, arguments: ["--format", "png", "--unlimited"],
                    into: { opened.write(bytes: $0) },
                    shouldStop: { opened.hasFailed })
            } catch {
                opened.abandon()
                return CommandFailure(message: error.message, status: ExitStatus.toolUnavailable)
            }
        } else {
            ScenePicture.write(scene, chrome: chrome, scale: scale, layout: layout) { opened.write($0) }
        }
        if let problem = opened.finish() {
            return CommandFailure(
                message: "could not write the picture to '\(path)': \(problem)", status: ExitStatus.outputFailed)
        }
        return nil
    }

    /// The most pixels a PNG may have: 64 megapixels (67,108,864, a picture
    /// 8,192 pixels square), 256 MiB at four bytes a pixel in the converter.
    static let maxPixels = 64 << 20

    /// Why a PNG of `canvas` at `scale` is refused (more than ``maxPixels``),
    /// or `nil`; checked before rsvg-convert is started.
    static func pixelBudgetRefusal(canvas: Size, scale: Double) -> String? {
        let width = Int(clamping: canvas.width * scale, rounding: .up)
        let height = Int(clamping: canvas.height * scale, rounding: .up)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maxPixels else { return nil }
        // The largest scale within the budget, in hundredths, rounded down.
        let largest = Int(
            clamping: (Double(maxPixels) / (canvas.width * canvas.height)).squareRoot() * 100, rounding: .down)
        let advice =
            largest >= 1
            ? "draw it at --scale \(largest / 100).\(largest % 100 < 10 ? "0" : "")\(largest % 100) or less"
            : "declare a smaller canvas"
        return """
            a \(width)x\(height) PNG (canvas \(canvas) at --scale \(scale)) has more than \(maxPixels) pixels, \
            the limit (64 megapixels): \(advice), or write SVG.
            """
    }

    /// Keeps the message of the last error a run reported, and nothing else.
    private final class LastError: TranscriptListener {
        /// The last error's message, if there was one.
        private(set) var message: String?

        func warn(_ warnings: [Diagnostic], in source: SceneSource) {}
        func begin(_ header: Transcript.Header) {}
        func record(_ entry: Transcript.Entry) {
            if case .error(let message, _) = entry.kind { self.message = message }
        }
        func end(_ summary: Transcript.Summary) {}
    }
}
