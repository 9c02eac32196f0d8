import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning

/// What running one file gave, for the totals.
struct FileResult: Sendable {
    var isValid: Bool
    var errors: Int
    var warnings: Int
    var passed: Int
    var failed: Int
    var succeeded: Bool
    /// The file's JUnit suite, when `--junit` asked for a report.
    var junit: JUnitSuite? = nil
}
