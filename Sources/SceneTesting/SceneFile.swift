import Foundation
import Testing

/// A scene file for a test: one case of a parameterized test over a
/// folder (``sceneFiles(in:filePath:)``), or one file run by path.
public struct SceneFile: Sendable, Hashable, CustomStringConvertible, CustomTestStringConvertible {
    /// The path as given, relative to the package root when it was
    /// relative: what diagnostics and test names show.
    public let name: String
    /// Where the file is.
    public let path: String
    /// Why there is no file to run (a missing or empty folder); running
    /// it fails the test with this message.
    let problem: String?

    init(name: String, path: String, problem: String? = nil) {
        self.name = name
        self.path = path
        self.problem = problem
    }

    /// The file at `path`, relative to the caller's package root.
    init(_ path: String, near call: CallSite) {
        self.init(name: path, path: call.resolve(path))
    }

    public var description: String { name }
    public var testDescription: String { name }

    /// The scene files in `directory`, or one that fails saying why there are none.
    static func all(in directory: String, near call: CallSite) -> [SceneFile] {
        let folder = call.resolve(directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [SceneFile(name: directory, path: folder, problem: "there is no folder '\(directory)' (\(folder))")]
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        guard !names.isEmpty else {
            return [
                SceneFile(name: directory, path: folder, problem: "the folder '\(directory)' holds no scene (*.yaml)")
            ]
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return names.map { SceneFile(name: prefix + $0, path: folder + "/" + $0) }
    }

    /// The file's text, named as given; a missing folder, an empty one or
    /// an unreadable file is reported and thrown.
    func source(at call: CallSite) throws -> SceneSource {
        if let problem {
            IssueReporter.report([ReportedIssue(message: problem, location: .call(call))], summary: nil, at: call)
            throw SceneTestFailure(description: problem)
        }
        do {
            return SceneSource(name: name, bytes: try SceneSource(contentsOf: path).bytes)
        } catch {
            let message = DiagnosticRenderer.render(error, in: SceneSource(name: name, bytes: []))
            IssueReporter.report([ReportedIssue(message: message, location: .call(call))], summary: nil, at: call)
            throw SceneTestFailure(description: message)
        }
    }
}

/// Where a test called a `SceneTesting` function.
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// The calling module, from `#fileID` (`Module/File.swift`).
    var moduleName: String {
        let id = "\(fileID)"
        return id.split(separator: "/").first.map(String.init) ?? id
    }

    /// `path` made absolute: relative to the package holding the calling
    /// file (the nearest folder above it with a `Package.swift`), else to
    /// the current directory.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = packageRoot ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: base).appendingPathComponent(path).standardizedFileURL.path
    }

    private var packageRoot: String? {
        var folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        for _ in 0..<64 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }
}
