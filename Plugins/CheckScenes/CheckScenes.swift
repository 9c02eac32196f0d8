import Foundation
import PackagePlugin

/// `swift package check-scenes`: builds the package's scene runner and
/// checks every scene file of the package with `<runner> check`, which
/// prints each mistake as the compiler does (`file:line:col: error:`).
/// Fails when a scene is invalid. docs/Plugin.md says how it chooses the
/// runner and the files.
@main
struct CheckScenes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options: PluginArguments
        switch PluginArguments.parse(arguments) {
        case .success(let value): options = value
        case .failure(let error): throw CheckScenesError("check-scenes: " + error.description)
        }
        if options.help {
            say(PluginArguments.usage)
            return
        }
        let package = context.package
        var search = SceneSearch(packageDirectory: package.directoryURL)
        let files: [URL]
        if options.paths.isEmpty {
            var resources: [URL] = []
            for case let target as SourceModuleTarget in package.targets {
                resources += target.sourceFiles.filter { $0.type == .resource || $0.type == .unknown }.map(\.url)
            }
            files = search.unique(try search.scenesFolderFiles() + search.sceneResources(resources))
            if files.isEmpty {
                Diagnostics.warning(
                    "check-scenes: no scene files in \(package.directoryURL.path): no folder named "
                        + "\(SceneFiles.folderName) holds a .yaml file and no target's resource looks like a scene; "
                        + "name the files or folders to check: swift package check-scenes PATH...")
                return
            }
        } else {
            files = try search.files(at: options.paths)
        }
        let candidates = package.products(ofType: ExecutableProduct.self).map { product in
            RunnerCandidate(name: product.name, usesCommandLine: product.targets.contains(where: usesCommandLine))
        }
        let choice: RunnerChoice
        switch RunnerChoice.choose(requested: options.runner, among: candidates) {
        case .success(let value): choice = value
        case .failure(let error): throw CheckScenesError("check-scenes: " + error.description)
        }
        let (name, runner) = try build(choice)
        let count = files.count == 1 ? "1 scene file" : "\(files.count) scene files"
        say("check-scenes: checking \(count) with \(name)")
        var invalid = false
        for batch in SceneFiles.batches(files.map(\.path)) {
            invalid =
                try check(batch, with: runner, named: name, warningsAreErrors: options.warningsAreErrors) || invalid
        }
        if invalid {
            fail("check-scenes: invalid scenes (their errors are above); fix them, or run \(name) check FILE")
        }
        say("check-scenes: \(count) checked with \(name), all valid")
    }

    /// Whether a target is SceneCommandLine or depends on it, directly or not.
    private func usesCommandLine(_ target: Target) -> Bool {
        target.name == "SceneCommandLine"
            || target.recursiveTargetDependencies.contains { $0.name == "SceneCommandLine" }
    }

    /// Builds the chosen runner (debug, as `swift build` does, so that an
    /// up-to-date build is reused) and returns its name and executable.
    private func build(_ choice: RunnerChoice) throws -> (String, URL) {
        let name: String
        let why: String
        switch choice {
        case .product(let product, let named):
            name = product
            why = named ? "named by --runner" : "the executable product that uses SceneCommandLine"
        case .standard:
            name = RunnerChoice.standardName
            why = "the standard types only"
        }
        say("check-scenes: building \(name) (\(why))")
        var parameters = PackageManager.BuildParameters(configuration: .debug, logging: .concise)
        parameters.echoLogs = false
        let result = try packageManager.build(.product(name), parameters: parameters)
        guard result.succeeded else {
            FileHandle.standardError.write(Data(result.logText.utf8))
            throw CheckScenesError(
                "check-scenes: \(name) did not build (its build log is printed); swift build --product \(name)")
        }
        let artifact = result.builtArtifacts.first { $0.kind == .executable && $0.url.lastPathComponent == name }
        guard let artifact else {
            throw CheckScenesError(
                "check-scenes: \(name) built, but SwiftPM did not say where its executable is; "
                    + "check with it directly: swift run \(name) check FILE...")
        }
        return (name, artifact.url)
    }

    /// Runs `<runner> check` over one batch, its output going straight to
    /// the plugin's. Returns whether a scene was invalid (status 2); any
    /// other failure is thrown.
    private func check(_ files: [String], with runner: URL, named name: String, warningsAreErrors: Bool) throws
        -> Bool
    {
        let process = Process()
        process.executableURL = runner
        // Text is the compiler's format; given explicitly, so that no
        // environment (a CI's) makes check choose another.
        process.arguments = ["check", "--format", "text"] + (warningsAreErrors ? ["--warnings-as-errors"] : []) + files
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            fail("check-scenes: \(name) check ended by signal \(status); run it alone to see why")
        }
        switch status {
        case 0: return false
        case 2: return true
        default:
            fail(
                "check-scenes: \(name) check exited with status \(status) (its message is above); "
                    + "is \(name) a scene runner (a SceneCommandLine program)? Name one with --runner NAME")
        }
    }
}

/// Ends the plugin with status 1 after the runner's output, the message
/// last. Not a thrown error: SwiftPM prints those as they come, which can
/// be in the middle of a line of the runner's output that it is still
/// passing on.
func fail(_ message: String) -> Never {
    say("error: " + message)
    exit(1)
}

/// Writes a line at once (unbuffered), so that it comes before the
/// runner's output, which goes straight to the same stream.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
