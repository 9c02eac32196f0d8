import Foundation

/// The package's root folder, found from this file.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Why a test could not find what it needs.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String
}

/// The `scene-runner` that `swift test` built next to the test bundle.
public func sceneRunnerURL() throws -> URL {
    let candidates = [
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("scene-runner"),
        Bundle.main.bundleURL.appendingPathComponent("scene-runner"),
        packageRoot.appendingPathComponent(".build/debug/scene-runner"),
    ]
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw TestSupportError(description: "scene-runner was not built; looked in \(candidates.map(\.path))")
    }
    return found
}

/// The program `name` where `PATH` finds it first (as a shell would), or
/// `nil`: the toolchain's `swift` and its tools, Graphviz's `dot`.
public func executableOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
