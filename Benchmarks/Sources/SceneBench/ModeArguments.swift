import SceneLoader

/// What the benchmark modes that take only `--repetitions N` share: reading
/// their arguments and printing their report.
enum ModeArguments {
    /// `--repetitions N` and `-h`/`--help`, in any order: the repetitions
    /// (`defaultCount` without the option), or the exit status to end with
    /// (0 after the help, 64 after a usage error, printed with `usage`).
    static func repetitions(_ arguments: ArraySlice<String>, default defaultCount: Int, usage: String)
        -> Result<Int, ExitWith>
    {
        parse(arguments, default: defaultCount, usage: usage, takesRunner: false).map(\.repetitions)
    }

    /// `--repetitions N`, `--runner PATH` and `-h`/`--help`, in any order:
    /// the repetitions (`defaultCount` without the option) and the
    /// `scene-runner` to measure (the root package's release build
    /// without the option), or the exit status to end with.
    static func runnerAndRepetitions(_ arguments: ArraySlice<String>, default defaultCount: Int, usage: String)
        -> Result<(repetitions: Int, runner: String), ExitWith>
    {
        parse(arguments, default: defaultCount, usage: usage, takesRunner: true)
    }

    private static func parse(
        _ arguments: ArraySlice<String>, default defaultCount: Int, usage: String, takesRunner: Bool
    ) -> Result<(repetitions: Int, runner: String), ExitWith> {
        var repetitions = defaultCount
        var runner = CommandBenchmark.defaultRunner
        var remaining = arguments
        while let argument = remaining.popFirst() {
            switch argument {
            case "--repetitions":
                guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
                    SceneBenchCommand.printError("scene-bench: --repetitions takes a positive whole number\n\n\(usage)")
                    return .failure(ExitWith(status: 64))
                }
                repetitions = count
            case "--runner" where takesRunner:
                guard let path = remaining.popFirst() else {
                    SceneBenchCommand.printError("scene-bench: --runner needs a path\n\n\(usage)")
                    return .failure(ExitWith(status: 64))
                }
                runner = path
            case "-h", "--help":
                print(usage)
                return .failure(ExitWith(status: 0))
            default:
                SceneBenchCommand.printError("scene-bench: unknown argument '\(argument)'\n\n\(usage)")
                return .failure(ExitWith(status: 64))
            }
        }
        return .success((repetitions, runner))
    }

    /// Only `--repetitions N` (exactly those two arguments) or nothing: the
    /// repetitions, or `nil` after printing `usage` as the error.
    static func onlyRepetitions(_ arguments: ArraySlice<String>, default defaultCount: Int, usage: String) -> Int? {
        if arguments.first == "--repetitions", arguments.count == 2, let count = Int(arguments.last ?? ""), count > 0 {
            return count
        }
        guard arguments.isEmpty else {
            SceneBenchCommand.printError(usage)
            return nil
        }
        return defaultCount
    }

    /// Prints what `report` gives and returns 0, or prints why it could not
    /// be measured (a generated scene that does not load, `what` says
    /// which) and returns 2.
    static func printReport(_ what: String, _ report: () throws -> String) -> Int32 {
        do {
            print(try report())
            return 0
        } catch let error as SceneLoadError {
            SceneBenchCommand.printError("scene-bench: \(what) does not load:\n" + error.rendered)
            return 2
        } catch {
            SceneBenchCommand.printError("scene-bench: \(error)")
            return 2
        }
    }

    /// An exit status a mode ends with before measuring anything.
    struct ExitWith: Error {
        let status: Int32
    }
}
