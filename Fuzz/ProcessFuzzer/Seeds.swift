import Foundation

/// The mutation fuzzer's seeds: the scene files of `Scenes/`, `Examples/`,
/// the tests' fixtures and `Fuzz/Corpus`, and the YAML in the tests'
/// multi-line string literals; with the files their `include:` keys name,
/// written beside every mutant.
struct Seeds {
    var inputs: [(name: String, bytes: [UInt8])] = []
    /// Included files, by the relative path their seed names them with.
    var support: [String: [UInt8]] = [:]

    /// Reads the seeds of the repository at `root`.
    static func load(root: URL) -> Seeds {
        var seeds = Seeds()
        var seen: Set<[UInt8]> = []
        func add(_ name: String, _ bytes: [UInt8]) {
            guard bytes.count < 4 << 20, seen.insert(bytes).inserted else { return }
            seeds.inputs.append((name, bytes))
        }
        for folder in ["Scenes", "Examples", "Tests", "Fuzz/Corpus"] {
            for relative in files(under: root.appendingPathComponent(folder)) {
                let url = root.appendingPathComponent(folder).appendingPathComponent(relative)
                guard let bytes = try? [UInt8](Data(contentsOf: url)) else { continue }
                if relative.hasSuffix(".swift") {
                    for literal in literals(in: String(decoding: bytes, as: UTF8.self)) where literal.contains(":") {
                        add("literal in \(folder)/\(relative)", Array((literal + "\n").utf8))
                    }
                    continue
                }
                guard folder == "Fuzz/Corpus" || relative.hasSuffix(".yaml") else { continue }
                add("\(folder)/\(relative)", bytes)
                for include in Mutations.includes(in: bytes) where !include.hasPrefix("/") && !include.hasPrefix("..") {
                    let target = url.deletingLastPathComponent().appendingPathComponent(include)
                    if let data = try? Data(contentsOf: target) { seeds.support[include] = [UInt8](data) }
                }
            }
        }
        return seeds
    }

    /// Every regular file under `folder`, by its relative path, sorted; `.build` left out.
    static func files(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix(".build") || relative.contains("/.build") { walker.skipDescendants(); continue }
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { found.append(relative) }
        }
        return found.sorted()
    }

    /// The multi-line string literals of a Swift file without
    /// interpolation, their indentation removed (escapes are left as
    /// written: a mutant is allowed to be odd).
    static func literals(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.trimmingCharacters(in: .whitespaces).hasSuffix("\"\"\"") else { continue }
            var body: [Substring] = []
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("\"\"\"") {
                body.append(lines[index])
                index += 1
            }
            guard index < lines.count else { break }
            let indent = lines[index].prefix { $0 == " " }.count
            index += 1
            let value = body.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                .joined(separator: "\n")
            if !value.contains("\\(") { found.append(value) }
        }
        return found
    }
}
