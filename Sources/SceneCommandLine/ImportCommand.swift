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
                "a file was refused (malformed, not an iOS document), a written scene is invalid, or a warning under --warnings-as-errors"
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

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one .storyboard or .xib file.") }
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
        var loader = context.loader
        loader.warningsAreErrors = warningsOption.warningsAreErrors
        let inputs = InputFiles(files + (map.map { [$0] } ?? []))
        var usedNames: Set<String> = []
        var failed = false
        for file in files {
            let source: SceneSource
            let imported: SceneImporter.ImportedFile
            do {
                source = try SceneSource(contentsOf: file, maxBytes: Self.maxBytes)
            } catch {
                reporter.diagnostics([error], in: SceneSource(name: file, bytes: []), summary: "\(file): not imported")
                failed = true
                continue
            }
            do {
                imported = try importer.importFile(source.bytes, name: file)
            } catch {
                reporter.diagnostics([error], in: source, summary: "\(file): not imported")
                failed = true
                continue
            }
            if !imported.unwritten.isEmpty || imported.scenes.isEmpty {
                if warningsOption.warningsAreErrors && !imported.unwritten.isEmpty { failed = true }
                let summary =
                    imported.scenes.isEmpty ? "no scene with objects to write" : "scenes with no objects left out"
                reporter.diagnostics(imported.unwritten, in: source, summary: "\(file): \(summary)")
            }
            for scene in imported.scenes {
                let path = Self.path(for: scene.name, in: output, used: &usedNames)
                let outputFile = try OutputFile(path, option: "--output", inputs: inputs)
                if let problem = outputFile.write(scene.text) {
                    throw CommandFailure(
                        message: "\(path) could not be written: \(problem)", status: ExitStatus.outputFailed)
                }
                if warningsOption.warningsAreErrors && !scene.warnings.isEmpty { failed = true }
                let checked = Self.check(scene.text, at: path, with: loader)
                if !checked.valid { failed = true }
                reporter.imported(scene, from: source, to: path, checked: checked)
            }
        }
        if failed { throw ExitCode(ExitStatus.invalidScene) }
    }

    /// What `check` says of a written scene.
    struct Checked {
        var source: SceneSource
        var diagnostics: [Diagnostic]
        var valid: Bool
        var objects: Int
    }

    static func check(_ text: String, at path: String, with loader: SceneLoader) -> Checked {
        let model = loader.model(of: SceneSource(name: path, text: text))
        return Checked(
            source: model.source, diagnostics: model.diagnostics, valid: model.isLoadable,
            objects: model.isLoadable ? model.objectCount : 0)
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
