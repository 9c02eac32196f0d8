import Foundation
import TestSupport
import Testing

/// SceneSearch over real folders in a temporary directory.
@Suite struct SceneSearchTests {
    /// A package folder with scenes where the defaults find them and where they do not.
    private final class Package {
        private let folder: TemporaryFolder
        var root: URL { folder.url }

        init() throws {
            folder = try temporaryFolder("check-scenes")
            let scene = "scene: S\nobjects:\n  a: { type: View }\n"
            for path in [
                "Scenes/a.yaml", "Scenes/Components/b.yml", "Sources/App/Scenes/c.yaml", "Sources/App/loose.yaml",
                ".build/Scenes/d.yaml", "Packages/X/Scenes/e.yaml", "Nested/Scenes/f.yaml", "Resources/one.yaml",
                "Resources/Folder/two.yaml",
            ] {
                try write(scene, to: path)
            }
            try write("// a package of its own\n", to: "Nested/Package.swift")
            try write("not yaml\n", to: "Scenes/notes.txt")
            try write("name: settings\nvalues: [1, 2]\n", to: "Resources/settings.yaml")
            try write("name: more settings\n", to: "Resources/Folder/settings.yml")
            try FileManager.default.createDirectory(at: url("Empty"), withIntermediateDirectories: true)
        }

        func url(_ path: String) -> URL { root.appendingPathComponent(path).standardizedFileURL }

        private func write(_ text: String, to path: String) throws {
            let file = url(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }

        /// The paths of `urls` inside the package.
        func relative(_ urls: [URL]) -> [String] {
            urls.map { String($0.path.dropFirst(root.standardizedFileURL.path.count + 1)) }
        }
    }

    @Test func everyYAMLFileUnderAScenesFolderButHiddenCheckoutAndNestedPackages() throws {
        let package = try Package()
        var search = SceneSearch(packageDirectory: package.root)
        let found = search.unique(try search.scenesFolderFiles())
        #expect(package.relative(found) == ["Scenes/Components/b.yml", "Scenes/a.yaml", "Sources/App/Scenes/c.yaml"])
    }

    @Test func resourcesAreKeptWhenTheyLookLikeScenes() throws {
        let package = try Package()
        var search = SceneSearch(packageDirectory: package.root)
        let resources = ["Resources/one.yaml", "Resources/settings.yaml", "Resources/Folder", "Scenes/notes.txt"]
        let found = search.unique(try search.sceneResources(resources.map(package.url)))
        #expect(package.relative(found) == ["Resources/Folder/two.yaml", "Resources/one.yaml"])
    }

    @Test func pathsAreReadFromThePackageFolder() throws {
        let package = try Package()
        var search = SceneSearch(packageDirectory: package.root)
        // A folder's YAML files at any depth (scenes or not: check says), a
        // file whatever its extension, each once.
        let found = try search.files(at: ["Resources", "Scenes/notes.txt", package.url("Resources/one.yaml").path])
        #expect(
            package.relative(found) == [
                "Resources/Folder/settings.yml", "Resources/Folder/two.yaml", "Resources/one.yaml",
                "Resources/settings.yaml", "Scenes/notes.txt",
            ])
    }

    @Test func aMissingPathOrAFolderWithoutYAMLIsAnError() throws {
        let package = try Package()
        var search = SceneSearch(packageDirectory: package.root)
        let missing = #expect(throws: CheckScenesError.self) { try search.files(at: ["Scene"]) }
        #expect(missing?.description.hasPrefix("check-scenes: Scene: no such file or folder") == true)
        #expect(missing?.description.contains(package.root.standardizedFileURL.path) == true)
        let empty = #expect(throws: CheckScenesError.self) { try search.files(at: ["Empty"]) }
        #expect(empty?.description == "check-scenes: Empty: the folder holds no .yaml or .yml file")
    }

    @Test func theSearchStopsAtItsLimit() throws {
        let package = try Package()
        var search = SceneSearch(packageDirectory: package.root)
        search.entryLimit = 3
        let error = #expect(throws: CheckScenesError.self) { try search.scenesFolderFiles() }
        #expect(error?.description.contains("more than 3 files and folders") == true)
        #expect(error?.description.contains("swift package check-scenes PATH...") == true)
    }

    /// Makes the file at `path` (bytes, not text) under `root` with a scene in it.
    private static func makeFile(_ bytes: [UInt8], under root: URL) throws {
        let path = Array(root.path.utf8) + [UInt8(ascii: "/")] + bytes
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        let scene = Array("objects:\n  a: {type: View, hidden: maybe}\n".utf8)
        #expect(write(descriptor, scene, scene.count) == scene.count)
        close(descriptor)
    }

    @Test func aSceneWhoseNameIsNotUTF8IsReportedWithItsBytesNotSkipped() throws {
        let package = try Package()
        try Self.makeFile(Array("Scenes/bad".utf8) + [0xFF, 0xFE] + Array(".yaml".utf8), under: package.root)
        // A file that is no scene may have any name.
        try Self.makeFile(Array("Scenes/notes".utf8) + [0xFF] + Array(".txt".utf8), under: package.root)
        for find in [
            { (search: inout SceneSearch) in _ = try search.scenesFolderFiles() },
            { (search: inout SceneSearch) in _ = try search.files(at: ["Scenes"]) },
            { (search: inout SceneSearch) in try search.refuseUndecodableNames(under: package.url("Scenes")) },
        ] {
            var search = SceneSearch(packageDirectory: package.root)
            do {
                try find(&search)
                Issue.record("the file was skipped")
            } catch let error as CheckScenesError {
                #expect(error.description.contains("not valid UTF-8"), "\(error)")
                #expect(error.description.contains("bad\\xFF\\xFE.yaml"), "\(error)")
                #expect(!error.description.contains("notes"))
            }
        }
    }
}
