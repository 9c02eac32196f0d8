import Foundation
import GRDB
import Testing

/// The package's root folder, found from this file.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A new empty folder under the temporary directory.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The `scene-runner` that `swift test` built next to the test bundle.
func sceneRunnerURL() throws -> URL {
    let candidates = [
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("scene-runner"),
        Bundle.main.bundleURL.appendingPathComponent("scene-runner"),
        packageRoot.appendingPathComponent(".build/debug/scene-runner"),
    ]
    return try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "scene-runner was not built; looked in \(candidates.map(\.path))")
}

/// Runs SQL on the database at `file` through a connection of its own, as
/// another program would.
func execute(_ sql: String, onDatabaseAt file: URL) throws {
    let database = try DatabaseQueue(path: file.path)
    try database.writeWithoutTransaction { try $0.execute(sql: sql) }
    try database.close()
}
