import Foundation

/// A file of the repository that a test generates (a document's outputs,
/// a picture, a map, a listing) and compares with what is committed.
///
/// Without `SCENE_UPDATE_DOCS=1` in the environment, ``isCurrent(with:)``
/// only compares, so the test fails while the file differs; with it, the
/// test writes the file instead and passes:
///
///     let map = GeneratedFile("docs/images/architecture.dot")
///     #expect(try map.isCurrent(with: drawn), "\(map.advice(filter: "ArchitectureTests"))")
///
///     SCENE_UPDATE_DOCS=1 swift test --filter ArchitectureTests
public struct GeneratedFile: Sendable {
    /// The environment variable that has the tests rewrite their files.
    public static let updateVariable = "SCENE_UPDATE_DOCS"

    /// Whether this run rewrites generated files (`SCENE_UPDATE_DOCS=1`).
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    /// The file's path from the package's root.
    public let path: String

    /// The file at `path`, from the package's root.
    public init(_ path: String) {
        self.path = path
    }

    /// The file's URL.
    public var url: URL { packageRoot.appendingPathComponent(path) }

    /// The committed text, or `nil` when the file is missing or not UTF-8.
    public func committed() -> String? {
        (try? Data(contentsOf: url)).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Whether the file holds `text`. When it does not and this run
    /// updates (``isUpdating``), writes `text` to it and answers `true`.
    public func isCurrent(with text: String) throws -> Bool {
        if committed() == text { return true }
        guard Self.isUpdating else { return false }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
        return true
    }

    /// What a failure says: the file, and the command that rewrites it.
    public func advice(filter: String) -> String {
        "\(path) is not what the code makes now: run `\(Self.updateVariable)=1 swift test --filter \(filter)`, "
            + "look at the difference, and commit it"
    }
}
