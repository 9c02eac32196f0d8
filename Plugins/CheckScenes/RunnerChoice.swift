// The check-scenes plugin's decisions that need no package and no file
// system: which runner checks the scenes, and what the plugin's arguments
// say. Plain Swift (no PackagePlugin, no Foundation) so that
// Tests/CheckScenesTests compiles this same file and tests it.

/// An executable product of the package the plugin runs in, as the runner
/// choice sees it.
struct RunnerCandidate: Equatable, Sendable {
    /// The product's name, what `swift build --product` takes.
    var name: String
    /// Whether one of its targets depends, directly or not, on the
    /// `SceneCommandLine` module: then it is a scene runner over the
    /// package's own registry.
    var usesCommandLine: Bool
}

/// The runner that checks the scenes.
enum RunnerChoice: Equatable, Sendable {
    /// An executable product of the package, built before the check.
    /// `named` is true when `--runner` chose it, false when it was found.
    case product(String, named: Bool)
    /// The runtime's own `scene-runner`, over the standard types only.
    case standard

    /// The name of the runtime's standard runner.
    static let standardName = "scene-runner"

    /// Chooses the runner: the product `requested` names (`--runner`), else
    /// the one product that uses SceneCommandLine, else the standard
    /// `scene-runner`. Several such products and no `--runner` is an error,
    /// since checking with the wrong registry reports types as unknown.
    static func choose(requested: String?, among candidates: [RunnerCandidate]) -> Result<RunnerChoice, RunnerError> {
        if let requested {
            if candidates.contains(where: { $0.name == requested }) {
                return .success(.product(requested, named: true))
            }
            if requested == standardName { return .success(.standard) }
            return .failure(.unknownProduct(requested, executables: candidates.map(\.name).sorted()))
        }
        let runners = candidates.filter(\.usesCommandLine).map(\.name).sorted()
        switch runners.count {
        case 0: return .success(.standard)
        case 1: return .success(.product(runners[0], named: false))
        default: return .failure(.severalRunners(runners))
        }
    }
}

/// Why the plugin could not choose a runner or read its arguments; the
/// text says what to do.
enum RunnerError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownProduct(String, executables: [String])
    case severalRunners([String])
    case missingValue(String)
    case unknownOption(String)

    var description: String {
        switch self {
        case .unknownProduct(let name, let executables):
            let known = executables.isEmpty ? "it has none" : "it has " + executables.joined(separator: ", ")
            return "--runner \(name): the package has no executable product named '\(name)' (\(known)); "
                + "name one of them, or \(RunnerChoice.standardName) for the standard types"
        case .severalRunners(let names):
            return "several executable products use SceneCommandLine (\(names.joined(separator: ", "))); "
                + "say which one knows the scenes' types with --runner NAME"
        case .missingValue(let option):
            return "\(option) needs a value: \(option) NAME"
        case .unknownOption(let option):
            return "unknown option '\(option)'; the options are --runner NAME, --warnings-as-errors and --help "
                + "(put -- before a path that starts with -)"
        }
    }
}

/// What `swift package check-scenes [options] [path...]` was given.
struct PluginArguments: Equatable, Sendable {
    /// `--runner NAME`: the executable product that checks the scenes.
    var runner: String?
    /// `--warnings-as-errors`, passed on to `check`.
    var warningsAreErrors = false
    /// `--help`: print the usage and check nothing.
    var help = false
    /// Files and folders to check instead of the defaults, as given.
    var paths: [String] = []

    /// Reads the arguments: options anywhere, `--runner=NAME` or
    /// `--runner NAME`, and `--` before paths that start with `-`.
    /// Xcode's `--target NAME` (the targets selected when it runs a
    /// command plugin) is read and ignored: every scene of the package is
    /// checked.
    static func parse(_ arguments: [String]) -> Result<PluginArguments, RunnerError> {
        var parsed = PluginArguments()
        var index = 0
        var onlyPaths = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                parsed.paths.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            var value: String? = parts.count > 1 ? String(parts[1]) : nil
            switch name {
            case "--":
                onlyPaths = true
            case "--runner", "--target":
                if value == nil, index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty else { return .failure(.missingValue(name)) }
                if name == "--runner" { parsed.runner = value }
            case "--warnings-as-errors" where value == nil:
                parsed.warningsAreErrors = true
            case "--help", "-h":
                parsed.help = true
            default:
                return .failure(.unknownOption(argument))
            }
        }
        return .success(parsed)
    }

    /// The usage `--help` prints.
    static let usage = """
        USAGE: swift package check-scenes [--runner NAME] [--warnings-as-errors] [PATH...]

        Builds the package's scene runner and checks every scene file with
        `<runner> check`, printing each mistake as file:line:col: error: message.

        PATH                  A scene file, or a folder whose .yaml and .yml files
                              (at any depth) are checked. Relative to the package.
                              Without paths: every folder named Scenes in the package
                              and the scene files among its targets' resources.
        --runner NAME         The executable product that checks the scenes (built
                              first). Without it: the one executable product that
                              uses SceneCommandLine, else the standard scene-runner.
        --warnings-as-errors  A scene with warnings fails the check.
        """
}
