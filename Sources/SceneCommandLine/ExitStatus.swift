/// The exit statuses of every command.
public enum ExitStatus {
    /// Every scene is valid and every expectation held.
    public static let success: Int32 = 0
    /// An expectation failed, or a script stopped on an error.
    public static let failedExpectation: Int32 = 1
    /// A scene is invalid or unreadable.
    public static let invalidScene: Int32 = 2
    /// The command line itself is wrong: an unknown option, a missing file
    /// argument, an unknown type name.
    public static let usage: Int32 = 64
    /// A program the command needs is missing or failed: Graphviz's `dot`,
    /// which `graph --format svg` runs.
    public static let toolUnavailable: Int32 = 69
    /// A built-in type was refused when it was registered: a bug in the
    /// module that ships it (``SceneRegistry/refusedBuiltIns``).
    public static let internalError: Int32 = 70
    /// The output could not be written (a closed or full standard output).
    public static let outputFailed: Int32 = 74

    /// The statuses as `--help` lists them.
    package static func help(_ statuses: [(Int32, String)]) -> String {
        "Exit status:\n"
            + statuses.map { (String(repeating: " ", count: 4 - String($0.0).count)) + "\($0.0)  \($0.1)" }.joined(
                separator: "\n")
    }

    static let successLine = (success, "success")
    static let usageLine = (usage, "a usage error: an unknown option or a missing argument")
    static let outputLine = (outputFailed, "the output could not be written")
    /// Ctrl-C: the status a shell shows for a process SIGINT ended (143 for SIGTERM, 129 for SIGHUP).
    static let interruptedLine: (Int32, String) = (
        130, "interrupted by Ctrl-C (143: SIGTERM); temporary files removed"
    )
    /// The usage line of a command that writes files.
    package static let outputUsageLine: (Int32, String) = (
        usage, "a usage error, or an output file that is a file being read"
    )
}
