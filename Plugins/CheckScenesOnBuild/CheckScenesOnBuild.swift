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
        let resources = target.sourceFiles.filter { $0.type == .resource || $0.type == .unknown }.map(\.url)
        var search = SceneSearch(packageDirectory: context.package.directoryURL)
        // SwiftPM lists no file whose name is not UTF-8: one is refused, not skipped.
        try search.refuseUndecodableNames(under: target.directoryURL)
        let scenes = search.unique(try search.sceneResources(resources))
        // The command runs `scene-runner check` and, when the scene is valid,
        // writes an empty Swift file: the output that makes the build run the
        // command again only when the scene (or scene-runner) changes.
        let script = "\"$1\" check --format text \"$2\" && printf '// A valid scene.\\n' > \"$3\""
        var stamps = Set<String>()
        return scenes.map { scene in
            let relative =
                scene.path.hasPrefix(target.directoryURL.path + "/")
                ? String(scene.path.dropFirst(target.directoryURL.path.count + 1)) : scene.lastPathComponent
            let name = SceneFiles.recordName(forSceneAt: relative, taken: &stamps)
            let stamp = context.pluginWorkDirectoryURL.appendingPathComponent(name + ".swift")
            return .buildCommand(
                displayName: "Checking scene \(relative)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", runner.url.path, scene.path, stamp.path],
                inputFiles: [scene, runner.url],
                outputFiles: [stamp])
        }
    }
}
