// Which files the check-scenes plugin checks; plain Swift, shared with
// Tests/CheckScenesTests like RunnerChoice.swift.

/// Which files are scene files, and how they are handed to the runner.
enum SceneFiles {
    /// The folder name whose YAML files are checked by default, at any depth.
    static let folderName = "Scenes"

    /// At most this many files go to one `check` process, so that a large
    /// package never exceeds the system's limit on a command line.
    static let batchSize = 200

    /// At most this many files and folders are looked at in a search.
    static let folderLimit = 200_000

    /// At most this many bytes of a resource are read to see whether it is a scene.
    static let sniffLimit = 1 << 20

    /// Whether a file name has a YAML extension (`.yaml` or `.yml`, any case).
    static func hasSceneExtension(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }

    /// Whether a folder is left out of the search: hidden folders (`.build`,
    /// `.git`, `.swiftpm`) and SwiftPM's `Packages` checkouts.
    static func skipsFolder(named name: String) -> Bool {
        name.hasPrefix(".") || name == "Packages"
    }

    /// Whether YAML text looks like a scene: a top-level `scene:` or
    /// `objects:` key, at the start of a line. Only `sniffLimit` bytes of a
    /// file are given here, so this costs the same for any file.
    static func looksLikeScene(_ text: String) -> Bool {
        for rawLine in text.utf8.prefix(sniffLimit).split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            var line = Substring(String(decoding: rawLine, as: UTF8.self))
            if line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            for key in ["scene", "objects"] where line.hasPrefix(key) {
                let rest = line.dropFirst(key.count).drop(while: { $0 == " " || $0 == "\t" })
                if rest.hasPrefix(":") { return true }
            }
        }
        return false
    }

    /// The name of the empty Swift file that records a scene's check in
    /// the build-tool plugin: `Checked_` and the scene's path in its target
    /// with every character but letters and digits as `_`, and `_2`, `_3`...
    /// after a name already in `taken` (which it joins). Stable, so that
    /// adding a scene does not rename (and re-run) the others' commands.
    static func recordName(forSceneAt relativePath: String, taken: inout Set<String>) -> String {
        let base = "Checked_" + String(relativePath.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        var name = base
        var suffix = 1
        while !taken.insert(name).inserted {
            suffix += 1
            name = base + "_\(suffix)"
        }
        return name
    }

    /// The files in groups of at most `size`, in order.
    static func batches(_ files: [String], size: Int = batchSize) -> [[String]] {
        let size = max(1, size)
        return stride(from: 0, to: files.count, by: size).map { Array(files[$0..<min($0 + size, files.count)]) }
    }
}
