import ArgumentParser
import SceneCore
import SceneLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `graph FILE`: a scene's objects and wiring as a Graphviz graph (see
/// ``SceneGraph``), in DOT or, through Graphviz's `dot`, as SVG. The scene is
/// checked as `check` checks it and never created: nothing runs.
struct GraphCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print a scene's objects, hierarchy, outlets and event wiring as a Graphviz graph.",
        discussion: """
            Each object is a box (id and type); a view with children is a frame around them; \
            outlets are solid arrows labelled with their names (a collection's as name[0], name[1], ...); \
            on: connections are dashed arrows labelled 'event -> action'. --format svg runs Graphviz's \
            dot, which must be on PATH (apt-get install graphviz, brew install graphviz).
            """
                + "\n\n"
                + ExitStatus.help([
                    (ExitStatus.success, "the graph was printed"),
                    (
                        ExitStatus.invalidScene,
                        "the file is invalid or unreadable; its diagnostics are printed"
                    ),
                    ExitStatus.outputUsageLine,
                    (ExitStatus.toolUnavailable, "--format svg: Graphviz's dot is not on PATH, or it failed"),
                    (ExitStatus.outputFailed, "the output (or the --output file) could not be written"),
                ])
    )

    /// What `graph` prints.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, svg
    }

    @Argument(help: "The scene file.")
    var file: String

    @Option(help: "Output format: dot (Graphviz's language), or svg, drawn by Graphviz's dot.")
    var format: Format = .dot

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the graph to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run(in context: CommandContext) throws {
        let loader = context.loader
        let declaration: SceneDeclaration
        do throws(SceneLoadError) {
            let source = try loader.source(contentsOf: file)
            switch loader.validate(source) {
            case .success(let value): declaration = value
            case .failure(let error): throw error
            }
        } catch {
            // Exactly what `check` prints for an invalid file.
            Records.writeInvalid(error, name: error.source.name, format: .text, to: context.output)
            throw ExitCode(ExitStatus.invalidScene)
        }
        let graph = SceneGraph(declaration, name: file, programName: context.programName)

        var dotPath: String?
        if format == .svg {
            dotPath = Graphviz.locate()
            guard dotPath != nil else {
                throw CommandFailure(
                    message: """
                        --format svg needs Graphviz's 'dot', which is not on PATH. Install Graphviz \
                        (Debian, Ubuntu: 'apt-get install graphviz'; macOS: 'brew install graphviz'), or print \
                        DOT with '\(context.programName) graph \(file)' and render it elsewhere.
                        """,
                    status: ExitStatus.toolUnavailable)
            }
        }

        let sink: any TextSink
        var file: OutputFileWriter?
        if let output {
            var inputs = InputFiles([self.file])
            for component in loader.includedFiles(of: self.file) { inputs.add(component) }
            inputs.standardOutputs = context.standardOutputs
            switch try OutputFile(output, option: "--output", inputs: inputs).open(as: dotPath == nil ? .text : .markup)
            {
            case .failure(let failure):
                throw CommandFailure(
                    message: "cannot write the graph to '\(output)': \(failure.reason)", status: ExitStatus.outputFailed
                )
            case .success(let opened):
                file = opened
                sink = opened
            }
        } else {
            if dotPath != nil { context.printing(.markup) }
            sink = context.output
        }
        var isFinished = false
        defer { if !isFinished { file?.abandon() } }

        if let dotPath {
            var text: [UInt8] = []
            graph.write { text.append(contentsOf: $0.utf8) }
            do {
                try Graphviz.render(text, as: "svg", with: dotPath, into: sink.write, shouldStop: { sink.hasFailed })
            } catch {
                // What `dot` printed before it failed is no picture: the
                // file is left as it was.
                throw CommandFailure(message: error.message, status: ExitStatus.toolUnavailable)
            }
        } else {
            graph.write { sink.write($0) }
        }
        isFinished = true
        if let file, let output, let failure = file.finish() {
            throw CommandFailure(
                message: "could not write the graph to '\(output)': \(failure)", status: ExitStatus.outputFailed)
        }
    }
}
