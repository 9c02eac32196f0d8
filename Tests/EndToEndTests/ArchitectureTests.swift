import Foundation
import TestSupport
import Testing

/// The map of the modules at the top of CONTRIBUTING.md,
/// `docs/images/architecture.dot`, is what `Package.swift` draws now:
/// every target but the tests (from `swift package dump-package`, given a
/// scratch folder of its own so that it does not wait for the lock `swift
/// test` holds on `.build`), captioned with
/// the first sentence of the comment above it; an arrow is "depends on",
/// and one that a longer way implies is left out; the products of another
/// package are one node for that package. With `SCENE_UPDATE_DOCS=1` the
/// test writes the DOT, and the SVG too when Graphviz's `dot` is on `PATH`
/// (the SVG's layout differs between Graphviz versions, so the DOT is the
/// file compared; `scripts/ci/render.sh` draws it with `dot`):
///
///     SCENE_UPDATE_DOCS=1 swift test --filter ArchitectureTests
@Suite struct ArchitectureTests {
    static let map = GeneratedFile("docs/images/architecture.dot")
    static let picture = GeneratedFile("docs/images/architecture.svg")

    /// The kind of a target, as the map names it.
    static let kinds = [
        "regular": "library", "executable": "executable", "system": "system library", "plugin": "plugin",
    ]
    static let fills = ["executable": "#e8f5e9", "system library": "#eeeeee", "plugin": "#eef3fb"]

    /// A node of the map: a target, or another package.
    struct Node: Equatable {
        var name: String
        /// `library`, `executable`, `system library`, `plugin`, or for
        /// another package `nil`.
        var kind: String?
        /// The caption: the target's comment, or the package's products.
        var caption: String
    }

    /// The first sentence of the comment above each target of `manifest`
    /// (`name: "..."` on the target's line or the next), by target.
    static func captions(of manifest: String) -> [String: String] {
        guard let dependencies = manifest.range(of: "dependencies: ["),
            let targets = manifest[dependencies.upperBound...].range(of: "targets: [")
        else { return [:] }
        let lines = manifest[targets.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String: String] = [:]
        for (index, line) in lines.enumerated()
        where line.contains(/\.(target|executableTarget|systemLibrary|plugin)\(/) {
            let both = line + (index + 1 < lines.count ? lines[index + 1] : "")
            guard let name = both.firstMatch(of: /name:\s*"([^"]+)"/).map({ String($0.1) }) else { continue }
            var comment: [String] = []
            var above = index - 1
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let text = lines[above].trimmingCharacters(in: .whitespaces).dropFirst(2)
                comment.insert(text.trimmingCharacters(in: .whitespaces), at: 0)
                above -= 1
            }
            guard !comment.isEmpty else { continue }
            var text = Substring(comment.joined(separator: " ").replacingOccurrences(of: "`", with: ""))
            if let prefix = text.prefixMatch(of: /Layer \w+'?:\s*/) {
                text = text[prefix.range.upperBound...]
            } else if text.hasPrefix(name + ":") {
                text = Substring(text.dropFirst(name.count + 1).drop { $0.isWhitespace })
            }
            var sentence = text.firstMatch(of: /\.\s/).map { text[..<$0.range.lowerBound] + "." } ?? text
            while sentence.hasSuffix(".") { sentence.removeLast() }
            found[name] = sentence.prefix(1).uppercased() + sentence.dropFirst()
        }
        return found
    }

    /// The nodes (targets that are not tests, in the manifest's order, then
    /// the other packages) and the arrows a longer way does not imply.
    static func graph(of package: [String: Any]) -> (nodes: [Node], edges: [(String, String)]) {
        let targets = package["targets"] as? [[String: Any]] ?? []
        var nodes: [Node] = []
        for target in targets {
            let type = target["type"] as? String ?? ""
            guard type != "test", !((target["path"] as? String) ?? "").hasPrefix("Tests/") else { continue }
            nodes.append(Node(name: target["name"] as? String ?? "", kind: kinds[type] ?? type, caption: ""))
        }
        let names = Set(nodes.map(\.name))
        var edges = Set<[String]>()
        var products: [(package: String, names: Set<String>)] = []
        for target in targets {
            guard let name = target["name"] as? String, names.contains(name) else { continue }
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let product = dependency["product"] as? [Any] {
                    guard let productName = product[0] as? String, let other = product[1] as? String else { continue }
                    if let index = products.firstIndex(where: { $0.package == other }) {
                        products[index].names.insert(productName)
                    } else {
                        products.append((other, [productName]))
                    }
                    edges.insert([name, other])
                } else if let named = (dependency["byName"] ?? dependency["target"]) as? [Any],
                    let target = named.first as? String, names.contains(target)
                {
                    edges.insert([name, target])
                }
            }
        }
        nodes += products.map { Node(name: $0.package, kind: nil, caption: $0.names.sorted().joined(separator: ", ")) }
        var after: [String: Set<String>] = [:]
        for edge in edges { after[edge[0], default: []].insert(edge[1]) }
        /// What `start` reaches without taking its own arrow to `skipped`.
        func reached(from start: String, skipping skipped: String) -> Set<String> {
            var seen = Set<String>()
            var stack = (after[start] ?? []).filter { $0 != skipped }.sorted()
            while let node = stack.popLast() {
                if seen.insert(node).inserted { stack += (after[node] ?? []).sorted() }
            }
            return seen
        }
        let kept = edges.filter { !reached(from: $0[0], skipping: $0[1]).contains($0[1]) }
            .map { ($0[0], $0[1]) }.sorted { $0 < $1 }
        return (nodes, kept)
    }

    /// `text` in lines of at most `width` characters, broken at spaces and
    /// after a hyphen inside a word, as Python's `textwrap.wrap` breaks it.
    static func wrapped(_ text: String, width: Int = 30) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            let characters = Array(word)
            var pieces: [String] = []
            var piece = ""
            for (index, character) in characters.enumerated() {
                piece.append(character)
                if character == "-", Self.breaksAfterHyphen(characters, at: index) {
                    pieces.append(piece)
                    piece = ""
                }
            }
            pieces.append(piece)
            for (index, piece) in pieces.enumerated() {
                let joined = line.isEmpty ? piece : line + (index == 0 ? " " : "") + piece
                if joined.count <= width || line.isEmpty {
                    line = joined
                } else {
                    lines.append(line)
                    line = piece
                }
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Whether `textwrap` breaks after the hyphen at `index`: two letters
    /// (or a letter, a hyphen and a letter) before it, a letter, an optional
    /// hyphen and a letter after it.
    static func breaksAfterHyphen(_ characters: [Character], at index: Int) -> Bool {
        func letter(_ at: Int) -> Bool { characters.indices.contains(at) && characters[at].isLetter }
        func hyphen(_ at: Int) -> Bool { characters.indices.contains(at) && characters[at] == "-" }
        let before =
            (letter(index - 1) && letter(index - 2)) || (letter(index - 1) && hyphen(index - 2) && letter(index - 3))
        let after = letter(index + 1) && (letter(index + 2) || (hyphen(index + 2) && letter(index + 3)))
        return before && after
    }

    /// `text` as a DOT quoted string.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// The map's DOT, drawn from `package` (the JSON of `dump-package`) and
    /// the captions of `manifest` (Package.swift's text).
    static func dot(of package: [String: Any], manifest: String) -> String {
        let (nodes, edges) = graph(of: package)
        let notes = captions(of: manifest)
        var out = [
            "// The map at the top of CONTRIBUTING.md, drawn from Package.swift by",
            "// ArchitectureTests (SCENE_UPDATE_DOCS=1 swift test --filter ArchitectureTests). Do not edit.",
            "digraph architecture {",
            "    graph [rankdir=TB, fontname=\"Helvetica\", fontsize=12, nodesep=0.25, ranksep=0.35];",
            "    node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=10];",
            "    edge [color=\"#555555\"];",
            "    label=\"The modules of Package.swift (an arrow: depends on; one a longer way implies is left out)\";",
            "    labelloc=t; labeljust=l;",
        ]
        for node in nodes {
            let caption = wrapped(node.kind == nil ? node.caption : notes[node.name] ?? "").joined(separator: "\n")
            let label = node.kind.map { $0 == "library" ? node.name : "\(node.name) (\($0))" } ?? node.name
            let fill = node.kind.map { fills[$0] ?? "#ffffff" } ?? "#eeeeee"
            out.append(
                "    \(quoted(node.name)) [label=\(quoted(label + (caption.isEmpty ? "" : "\n" + caption))), fillcolor=\"\(fill)\"];"
            )
        }
        out += edges.map { "    \(quoted($0.0)) -> \(quoted($0.1));" } + ["}", ""]
        return out.joined(separator: "\n")
    }

    @Test func theMapIsWhatPackageSwiftDraws() throws {
        let swift = try #require(executableOnPath("swift"), "swift is not on PATH")
        // A scratch folder of its own: in .build, SwiftPM would wait for the
        // lock that the `swift test` running this test holds.
        let scratch = try temporaryFolder()
        let dumped = try runExecutable(
            swift, arguments: ["package", "--scratch-path", scratch.path, "dump-package"], directory: packageRoot,
            timeout: .seconds(300))
        try #require(dumped.status == 0, "swift package dump-package failed:\n\(dumped.errors)")
        let package = try #require(
            try JSONSerialization.jsonObject(with: Data(dumped.output.utf8)) as? [String: Any])
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let drawn = Self.dot(of: package, manifest: manifest)
        #expect(drawn.components(separatedBy: " [label=").count - 1 >= 20, "\(drawn)")
        let changed = Self.map.committed() != drawn
        #expect(try Self.map.isCurrent(with: drawn), "\(Self.map.advice(filter: "ArchitectureTests"))")
        guard changed, GeneratedFile.isUpdating else { return }
        // The picture, when Graphviz is here; otherwise say how to draw it.
        let dot = try #require(
            executableOnPath("dot"),
            "wrote \(Self.map.path); Graphviz's dot is not on PATH: run dot -Tsvg \(Self.map.path) -o \(Self.picture.path)"
        )
        let svg = try runExecutable(dot, arguments: ["-Tsvg", Self.map.url.path])
        try #require(svg.status == 0, "dot failed:\n\(svg.errors)")
        #expect(try Self.picture.isCurrent(with: svg.output))
    }
}
