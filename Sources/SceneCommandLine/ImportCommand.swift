import ArgumentParser
import SceneCore
import SceneImport
import SceneLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `import FILE... [-o DIR] [--map FILE]`: storyboards and xibs written as
/// scene files (docs/Import.md), each then checked as `check` checks it.
struct ImportCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write Interface Builder files (.storyboard, .xib) as scene files, then check them.",
        discussion: ExitStatus.help([
            (ExitStatus.success, "every file was imported and every scene written is valid"),
            (
                ExitStatus.invalidScene,
                "a file was refused (malformed, not an iOS document), a written scene is invalid, or a warning under --warnings-as-errors whose code --allow does not name; the last line says which"
            ),
            ExitStatus.outputUsageLine, ExitStatus.outputLine,
        ])
    )

    @Argument(help: "The .storyboard and .xib files to import.")
    var files: [String]

    @Option(name: [.customShort("o"), .customLong("output")], help: "The folder the scene files are written to.")
    var output: String = "."

    @Option(help: ArgumentHelp("An import map (YAML) laid over the standard one.", valueName: "file"))
    var map: String?

    @OptionGroup var formatOption: ReportFormatOption

    @OptionGroup var warningsOption: WarningsOption

    @OptionGroup var allowOption: AllowOption

    /// The codes `--allow` takes: the import's warnings, then `check`'s of
    /// the scenes written.
    static let allowable = DiagnosticCode.importWarnings + DiagnosticCode.sceneWarnings

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one .storyboard or .xib file.") }
        _ = try allowOption.codes(among: Self.allowable, of: "import")
    }

    /// The largest Interface Builder file read (the XML limit).
    static let maxBytes = XMLLimits().maxBytes

    func run(in context: CommandContext) throws {
        let format = ReportFormat.resolved(formatOption.format, environment: context.environment)
        context.prints(format)
        let reporter = ImportReporter(format: format, context: context)
        var userMap = ImportMap()
        if let map {
            do {
                // A map is YAML, read with a scene file's limits.
                let limits = context.loader.limits
                let source = try SceneSource(
                    contentsOf: map, maxBytes: limits.yaml.maxInputBytes, maxWait: limits.maxReadWait)
                do {
                    userMap = try ImportMap.read(source.bytes)
                } catch {
                    reporter.diagnostics([error], in: source, summary: "\(map): the map is invalid")
                    throw ExitCode(ExitStatus.invalidScene)
                }
            } catch let error as Diagnostic {
                reporter.diagnostics([error], in: SceneSource(name: map, bytes: []), summary: "\(map): unreadable")
                throw ExitCode(ExitStatus.invalidScene)
            }
        }
        try Self.makeFolder(output)
        let importer = SceneImporter(registry: context.registry, map: userMap)
        // Warnings are weighed here, not by the loader: --allow lets some through.
        let loader = context.loader
        let policy = WarningPolicy(
            warningsAreErrors: warningsOption.warningsAreErrors,
            allowed: try allowOption.codes(among: Self.allowable, of: "import"))
        let inputs = InputFiles(files + (map.map { [$0] } ?? []))
        // Every file is read and imported, and every scene's file looked
        // at, before the first is written: a refused name leaves the others
        // as they were.
        var outcomes: [Outcome] = []
        for file in files {
            do {
                let source = try SceneSource(contentsOf: file, maxBytes: Self.maxBytes)
                do {
                    outcomes.append(.imported(source, try importer.importFile(source.bytes, name: file)))
                } catch {
                    outcomes.append(.notImported(source, error))
                }
            } catch {
                outcomes.append(.notImported(SceneSource(name: file, bytes: []), error))
            }
        }
        var usedNames: Set<String> = []
        var paths: [String] = []
        for case .imported(_, let imported) in outcomes {
            for scene in imported.scenes { paths.append(Self.path(for: scene.name, in: output, used: &usedNames)) }
        }
        var plans = try OutputFile.plan(paths, option: "--output", inputs: inputs).makeIterator()
        var failures = Failures()
        for outcome in outcomes {
            let source: SceneSource
            let imported: SceneImporter.ImportedFile
            switch outcome {
            case .notImported(let unread, let error):
                reporter.diagnostics([error], in: unread, summary: "\(unread.name): not imported")
                failures.filesRefused += 1
                continue
            case .imported(let read, let file):
                source = read
                imported = file
            }
            if !imported.unwritten.isEmpty || imported.scenes.isEmpty {
                failures.warnings += policy.failing(imported.unwritten)
                let summary =
                    imported.scenes.isEmpty ? "no scene with objects to write" : "scenes with no objects left out"
                reporter.diagnostics(imported.unwritten, in: source, summary: "\(source.name): \(summary)")
            }
            for scene in imported.scenes {
                guard let outputFile = plans.next() else { break }
                let path = outputFile.path
                if let problem = outputFile.write(scene.text) {
                    throw CommandFailure(
                        message: "\(path) could not be written: \(problem)", status: ExitStatus.outputFailed)
                }
                failures.warnings += policy.failing(scene.warnings)
                let checked = Self.check(scene.text, at: path, with: loader, policy: policy)
                if checked.loadable {
                    failures.warnings += policy.failing(checked.diagnostics)
                } else {
                    failures.scenesInvalid += 1
                }
                reporter.imported(scene, from: source, to: path, checked: checked)
            }
        }
        if let reason = failures.reason {
            reporter.failed(reason, status: ExitStatus.invalidScene)
            throw ExitCode(ExitStatus.invalidScene)
        }
    }

    /// Why an import fails: files refused, scenes written invalid, and
    /// warnings under `--warnings-as-errors` that `--allow` does not name.
    struct Failures {
        var filesRefused = 0
        var scenesInvalid = 0
        var warnings: [Diagnostic] = []

        /// `1 file not imported; 2 warnings under ...`, or `nil` when nothing failed.
        var reason: String? {
            var parts: [String] = []
            if filesRefused > 0 { parts.append("\(filesRefused) file\(filesRefused == 1 ? "" : "s") not imported") }
            if scenesInvalid > 0 { parts.append("\(scenesInvalid) scene\(scenesInvalid == 1 ? "" : "s") invalid") }
            if !warnings.isEmpty { parts.append(WarningPolicy.reason(warnings)) }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    /// What became of one file named on the command line.
    enum Outcome {
        /// Read and imported (its scenes may still be none).
        case imported(SceneSource, SceneImporter.ImportedFile)
        /// Unreadable (the source has no bytes) or not a storyboard or xib.
        case notImported(SceneSource, Diagnostic)
    }

    /// What `check` says of a written scene.
    struct Checked {
        var source: SceneSource
        var diagnostics: [Diagnostic]
        /// Whether it loads, warnings aside.
        var loadable: Bool
        /// Whether it loads and no warning fails it.
        var valid: Bool
        var objects: Int
    }

    /// The same as `check --warnings-as-errors --allow` (as `policy` says)
    /// of the file says, views out of place included.
    static func check(_ text: String, at path: String, with loader: SceneLoader, policy: WarningPolicy) -> Checked {
        let source = SceneSource(name: path, text: text)
        var loader = loader
        loader.warningsAreErrors = false
        let model = loader.model(of: source)
        var diagnostics = model.diagnostics
        if let declaration = try? model.declaration.get() {
            let placement = PlacementCheck.warnings(declaration, source: source, loader: loader)
            diagnostics = PlacementCheck.inFileOrder(diagnostics + placement)
        }
        let valid =
            model.isLoadable && !diagnostics.contains { $0.severity == .error } && policy.failing(diagnostics).isEmpty
        return Checked(
            source: model.source, diagnostics: diagnostics, loadable: model.isLoadable, valid: valid,
            objects: valid ? model.objectCount : 0)
    }

    /// `DIR/NAME.yaml`, or `DIR/NAME-2.yaml` and on when an earlier scene
    /// of this run took the name.
    static func path(for name: String, in folder: String, used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) && number < 100_000 {
            candidate = "\(name)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return (folder.hasSuffix("/") ? folder : folder + "/") + candidate + ".yaml"
    }

    /// Makes the output folder when it does not exist (one level).
    static func makeFolder(_ path: String) throws(CommandFailure) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw CommandFailure(message: "--output \(path) is not a folder", status: ExitStatus.usage)
            }
            return
        }
        guard mkdir(path, 0o777) == 0 else {
            throw CommandFailure(
                message: "--output \(path) could not be made: \(String(cString: strerror(errno)))",
                status: ExitStatus.outputFailed)
        }
    }
}
