import ArgumentParser
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneStorage

/// `scene-runner check FILE...`: validates scenes without running them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scene files and report every mistake with its position.",
        discussion: "Exits 0 when every file is valid and 2 when one is invalid or unreadable."
    )

    @Argument(help: "The scene files to check.")
    var files: [String]

    @Option(help: "Output format: text, or json for JSON Lines.")
    var format: OutputFormat = .text

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one scene file.") }
    }

    func run() throws {
        let loader = SceneLoader(registry: .standardWithStorage)
        var isValid = true
        for file in files {
            let source: SceneSource
            let diagnostics: [Diagnostic]
            var objectCount = 0
            do {
                source = try SceneSource(contentsOf: file)
                switch loader.validate(source) {
                case .success(let declaration):
                    diagnostics = []
                    objectCount = declaration.objects.count
                case .failure(let error):
                    diagnostics = error.diagnostics
                }
            } catch {
                source = SceneSource(name: file, bytes: [])
                diagnostics = [error]
            }
            if !diagnostics.isEmpty { isValid = false }
            report(source, diagnostics, objectCount: objectCount)
        }
        if !isValid { throw SceneExit.invalidScene }
    }

    private func report(_ source: SceneSource, _ diagnostics: [Diagnostic], objectCount: Int) {
        switch format {
        case .text:
            print(DiagnosticRenderer.render(diagnostics, in: source), terminator: "")
            if diagnostics.isEmpty {
                print("\(source.name): ok (\(objectCount) object\(objectCount == 1 ? "" : "s"))")
            } else {
                let count = diagnostics.filter { $0.code != .tooManyDiagnostics }.count
                print("\(source.name): \(count) error\(count == 1 ? "" : "s")")
            }
        case .json:
            for diagnostic in diagnostics { print(DiagnosticRenderer.json(diagnostic, in: source)) }
            print(
                JSON.object([
                    ("type", JSON.string("file")), ("file", JSON.string(source.name)),
                    ("valid", diagnostics.isEmpty ? "true" : "false"), ("objects", String(objectCount)),
                    ("errors", String(diagnostics.filter { $0.code != .tooManyDiagnostics }.count)),
                ]))
        }
    }
}
