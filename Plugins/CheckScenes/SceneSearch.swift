// Plain Foundation (no PackagePlugin), shared with Tests/CheckScenesTests.
import Foundation

/// Finds the scene files of a package: by default every YAML file under a
/// folder named `Scenes` (at any depth) and every target resource that
/// looks like a scene; otherwise the files and folders given. Hidden
/// folders (`.build`, `.git`), `Packages` and folders holding a package of
/// their own (a `Package.swift`: another package, with its own types) are
/// left out. The walk stops with an error after `entryLimit` entries.
struct SceneSearch {
    /// The package's folder; relative paths are read from it.
    let packageDirectory: URL
    /// At most this many files and folders are looked at in all.
    var entryLimit = SceneFiles.folderLimit
    private var entries = 0

    init(packageDirectory: URL) {
        self.packageDirectory = packageDirectory.standardizedFileURL
    }

    /// The YAML files under every folder named `Scenes` in the package, at
    /// any depth.
    mutating func scenesFolderFiles() throws -> [URL] {
        try yamlFiles(under: packageDirectory, onlyInScenesFolders: true)
    }

    /// The resources (files, or copied folders) that are scenes: a YAML
    /// extension and `SceneFiles.looksLikeScene`.
    mutating func sceneResources(_ resources: [URL]) throws -> [URL] {
        var found: [URL] = []
        for resource in resources {
            let url = resource.standardizedFileURL
            if isDirectory(url) {
                found += try yamlFiles(under: url, onlyInScenesFolders: false).filter(looksLikeScene)
            } else if SceneFiles.hasSceneExtension(url.lastPathComponent), looksLikeScene(url) {
                found.append(url)
            }
        }
        return found
    }

    /// The files given as arguments: a file as it is, a folder's YAML files
    /// at any depth. A path that does not exist is an error.
    mutating func files(at paths: [String]) throws -> [URL] {
        var found: [URL] = []
        for path in paths {
            // Appended, not resolved against the folder's URL: that would drop
            // its last component, as a base URL names a file.
            let given = path.hasPrefix("/") ? URL(fileURLWithPath: path) : packageDirectory.appendingPathComponent(path)
            let url = given.standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw CheckScenesError(
                    "check-scenes: \(path): no such file or folder (paths are read from the package's folder, "
                        + "\(packageDirectory.path))")
            }
            if isFolder.boolValue {
                let files = try yamlFiles(under: url, onlyInScenesFolders: false)
                if files.isEmpty {
                    throw CheckScenesError("check-scenes: \(path): the folder holds no .yaml or .yml file")
                }
                found += files
            } else {
                found.append(url)
            }
        }
        return unique(found)
    }

    /// The YAML files under `folder`, skipping hidden folders, `Packages`
    /// and nested packages; with `onlyInScenesFolders`, only those with a
    /// folder named `Scenes` on their way from `folder`.
    private mutating func yamlFiles(under folder: URL, onlyInScenesFolders: Bool) throws -> [URL] {
        try refuseUndecodableNames(under: folder)
        let keys: [URLResourceKey] = [.isDirectoryKey, .isRegularFileKey]
        guard
            let walk = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return [] }
        let depth = folder.pathComponents.count
        var found: [URL] = []
        while let url = walk.nextObject() as? URL {
            entries += 1
            if entries > entryLimit {
                throw CheckScenesError(
                    "more than \(entryLimit) files and folders to search for scenes under \(folder.path); "
                        + "name the folders that hold scenes: swift package check-scenes PATH...")
            }
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isDirectory == true {
                let isPackage = FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
                if SceneFiles.skipsFolder(named: url.lastPathComponent) || isPackage { walk.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true, SceneFiles.hasSceneExtension(url.lastPathComponent) else { continue }
            let between = url.standardizedFileURL.pathComponents.dropFirst(depth).dropLast()
            if !onlyInScenesFolders || between.contains(SceneFiles.folderName) {
                found.append(url.standardizedFileURL)
            }
        }
        return found
    }

    /// Throws when a YAML file or a folder the search would look in, under
    /// `folder`, has a name that is not valid UTF-8: Foundation's walk
    /// leaves such a file out without a word, so a broken scene would pass.
    /// The error names each one with its other bytes as `\xFF`.
    mutating func refuseUndecodableNames(under folder: URL) throws {
        var undecodable: [String] = []
        var pending: [[UInt8]] = [Array(folder.path.utf8)]
        let root = pending[0].count
        while let path = pending.popLast() {
            guard let directory = opendir(path.map { CChar(bitPattern: $0) } + [0]) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                // Hidden entries (and `.`, `..`) are never searched.
                guard name.first != UInt8(ascii: ".") else { continue }
                entries += 1
                if entries > entryLimit {
                    throw CheckScenesError(
                        "more than \(entryLimit) files and folders to search for scenes under \(folder.path); "
                            + "name the folders that hold scenes: swift package check-scenes PATH...")
                }
                let child = path + [UInt8(ascii: "/")] + name
                var status = stat()
                guard lstat(child.map { CChar(bitPattern: $0) } + [0], &status) == 0 else { continue }
                let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
                let isDecodable = String(validating: name, as: UTF8.self) != nil
                if isDecodable {
                    if isFolder, let text = String(validating: name, as: UTF8.self),
                        !SceneFiles.skipsFolder(named: text)
                    {
                        pending.append(child)
                    }
                } else if isFolder || Self.hasSceneExtension(name) {
                    undecodable.append(Self.escaped(Array(child.dropFirst(root + 1))))
                }
            }
        }
        guard !undecodable.isEmpty else { return }
        let names = undecodable.sorted().joined(separator: ", ")
        throw CheckScenesError(
            undecodable.count == 1
                ? "check-scenes: the name of \(names) (under \(folder.path)) is not valid UTF-8, so it cannot be checked; rename it"
                : "check-scenes: the names of \(names) (under \(folder.path)) are not valid UTF-8, so they cannot be checked; rename them"
        )
    }

    /// Whether the bytes of a name end with `.yaml` or `.yml`, in any case.
    static func hasSceneExtension(_ name: [UInt8]) -> Bool {
        let lower = name.suffix(5).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return lower == Array(".yaml".utf8) || lower.suffix(4) == Array(".yml".utf8)[...]
    }

    /// A path's bytes as text: printable ASCII as it is, every other byte as `\xFF`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text
    }

    private func isDirectory(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Whether the file's first bytes look like a scene (SceneFiles.looksLikeScene).
    private func looksLikeScene(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: SceneFiles.sniffLimit) else { return false }
        return SceneFiles.looksLikeScene(String(decoding: data, as: UTF8.self))
    }

    /// Each file once, in path order.
    func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0.path).inserted }.sorted { $0.path < $1.path }
    }
}

/// A failure of the plugin, printed by SwiftPM as `error: <message>`.
struct CheckScenesError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
