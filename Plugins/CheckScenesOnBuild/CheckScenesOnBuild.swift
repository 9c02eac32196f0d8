import Foundation
import PackagePlugin

/// The build-tool plugin `CheckScenesOnBuild`: applied to a target, it makes
/// `swift build` check the target's scene resources with the standard
/// `scene-runner`, so that a broken scene fails the build at its line.
/// Only the standard types are known: a scene that uses the package's own
/// types needs `swift package check-scenes` (docs/Plugin.md).
@main
struct CheckScenesOnBuild: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let runner = try context.tool(named: "scene-runner")
        var scenes: [URL] = []
        for file in target.sourceFiles where file.type == .resource || file.type == .unknown {
            scenes += try sceneFiles(at: file.url)
        }
        // The command runs `scene-runner check` and, when the scene is valid,
        // writes an empty Swift file: the output that makes the build run the
        // command again only when the scene (or scene-runner) changes.
        let script = "\"$1\" check --format text \"$2\" && printf '// A valid scene.\\n' > \"$3\""
        // Named after the scene's path in the target, so that adding a scene
        // does not rename (and re-run) the others' commands.
        var stamps = Set<String>()
        return scenes.map { scene in
            let relative =
                scene.path.hasPrefix(target.directoryURL.path + "/")
                ? String(scene.path.dropFirst(target.directoryURL.path.count + 1)) : scene.lastPathComponent
            let base = "Checked_" + String(relative.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            var name = base
            var suffix = 1
            while !stamps.insert(name).inserted {
                suffix += 1
                name = base + "_\(suffix)"
            }
            let stamp = context.pluginWorkDirectoryURL.appendingPathComponent(name + ".swift")
            return .buildCommand(
                displayName: "Checking scene \(relative)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", runner.url.path, scene.path, stamp.path],
                inputFiles: [scene, runner.url],
                outputFiles: [stamp])
        }
    }

    /// The scene files at a resource: the file itself, or a copied
    /// folder's YAML files (at most `SceneFiles.folderLimit` entries), each
    /// kept when it looks like a scene.
    private func sceneFiles(at url: URL) throws -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        var candidates: [URL] = []
        if isFolder.boolValue {
            let walk = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            var entries = 0
            while let entry = walk?.nextObject() as? URL {
                entries += 1
                if entries > SceneFiles.folderLimit {
                    throw CheckScenesOnBuildError(
                        "CheckScenesOnBuild: more than \(SceneFiles.folderLimit) files and folders in the resource "
                            + "\(url.path); copy fewer, or check them with swift package check-scenes")
                }
                candidates.append(entry)
            }
        } else {
            candidates = [url]
        }
        return candidates.filter { SceneFiles.hasSceneExtension($0.lastPathComponent) && looksLikeScene($0) }
            .sorted { $0.path < $1.path }
    }

    /// Whether the file's first bytes look like a scene.
    private func looksLikeScene(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: SceneFiles.sniffLimit) else { return false }
        return SceneFiles.looksLikeScene(String(decoding: data, as: UTF8.self))
    }
}

/// A failure of the plugin, printed by SwiftPM as `error: <message>`.
struct CheckScenesOnBuildError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
