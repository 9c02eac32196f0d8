import Foundation
import SceneRunning

extension SnapshotPolicy {
    /// Whether the environment asks tests to rewrite their reference
    /// pictures: `SCENE_UPDATE_SNAPSHOTS` set to `1`, `true` or `yes`.
    static var environmentAsksForUpdates: Bool {
        guard let value = ProcessInfo.processInfo.environment["SCENE_UPDATE_SNAPSHOTS"] else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }
}

extension CallSite {
    /// Where the snapshots of a scene written in the test `function` of the
    /// calling Swift file are kept: `Snapshots/<Swift file>/<function>/`
    /// beside that file.
    func snapshotFolder(function: StaticString) -> String {
        let file = URL(fileURLWithPath: "\(filePath)")
        let swiftFile = file.deletingPathExtension().lastPathComponent
        return file.deletingLastPathComponent().appendingPathComponent("Snapshots").appendingPathComponent(swiftFile)
            .appendingPathComponent(Self.folderName(function: "\(function)")).path
    }

    /// `function` as a folder name: `testTap()` and `tap(value:)` lose their
    /// argument list; any character a file name could stumble on becomes `_`.
    static func folderName(function: String) -> String {
        let name = function.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let cleaned = String(
            name.unicodeScalars.prefix(100).map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", "_": Character(scalar)
                default: "_"
                }
            })
        return cleaned.isEmpty || cleaned.hasPrefix("_") && cleaned.allSatisfy({ $0 == "_" }) ? "scene" : cleaned
    }
}
