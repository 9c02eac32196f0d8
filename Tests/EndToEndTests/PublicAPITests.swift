import Foundation
import TestSupport
import Testing

/// `docs/PublicAPI.md` lists the public API the code declares: each public
/// type of every library module with the first sentence of its
/// documentation, what it conforms to and its members by name, read from
/// the compiler's symbol graphs. The test runs `swift-symbolgraph-extract`
/// on the modules `swift test` built (not `swift package
/// dump-symbol-graph`, which would take SwiftPM's build lock), so a public
/// declaration added, removed or renamed without the page fails it; with
/// `SCENE_UPDATE_DOCS=1` it rewrites the page instead:
///
///     SCENE_UPDATE_DOCS=1 swift test --filter PublicAPITests
@Suite struct PublicAPITests {
    static let page = GeneratedFile("docs/PublicAPI.md")

    /// The library products' modules, in the order a reader meets them, each with what it is for.
    static let modules = [
        ("Behaviours", "the portable behaviours an app ships, their clocks, events and protocols (docs/App.md)"),
        ("BehavioursUIKit", "UIKit's controls, gestures and views on the portable protocols; storyboard objects"),
        ("SceneCore", "objects, their descriptions and the registry, events, the virtual clock"),
        ("SceneYAML", "the YAML layer's positions and limits (re-exported by SceneLoader)"),
        ("SceneLoader", "reading, checking and loading scene files; diagnostics"),
        ("SceneDrawing", "layout, the built-in text metric and SVG pictures of views"),
        ("SceneBehaviours", "the standard controls, and `SceneRegistry.standard` with the standard behaviours"),
        ("SceneStorage", "`SceneRegistry.standardWithStorage`, which adds `FocusStore`, state kept in SQLite"),
        ("SceneRunning", "running a scene's script and its transcript"),
        ("SceneTesting", "scene files as Swift Testing and XCTest tests"),
        ("SceneCommandLine", "the `scene-runner` command line as a library, for your own runner"),
        ("ScenePreview", "`preview`, the scene in a browser (SwiftNIO), for a runner that adds it"),
    ]

    /// Conformances every type has without declaring them.
    static let implicit: Set<String> = ["Copyable", "Escapable", "SendableMetatype"]

    static let kindNames = [
        "swift.struct": "struct", "swift.class": "class", "swift.enum": "enum", "swift.protocol": "protocol",
        "swift.typealias": "typealias", "swift.func": "func", "swift.var": "var",
    ]
    static let typeKinds: Set<String> = [
        "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias",
    ]

    // MARK: The symbol graphs

    /// The search paths SwiftPM gives the compiler's tools for this build:
    /// the built modules, and for each C target its generated module map and
    /// its headers, and each system library's map.
    static func searchPaths(build: URL) throws -> [String] {
        let files = FileManager.default
        var paths = [build.appendingPathComponent("Modules").path]
        let checkouts = build.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "checkouts")
        let packages = ((try? files.contentsOfDirectory(atPath: checkouts.path)) ?? []).sorted()
            .map { checkouts.appendingPathComponent($0) }
        func isFolder(_ url: URL) -> Bool {
            var folder: ObjCBool = false
            return files.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
        }
        for entry in try files.contentsOfDirectory(atPath: build.path).sorted() where entry.hasSuffix(".build") {
            let target = String(entry.dropLast(".build".count))
            if target.hasSuffix("-tool") || target.hasSuffix("Tests") { continue }
            let folder = build.appendingPathComponent(entry)
            if files.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                paths.append(folder.path)
            }
            for root in [packageRoot] + packages {
                let include = root.appendingPathComponent("Sources/\(target)/include")
                if isFolder(include) { paths.append(include.path) }
            }
        }
        for root in [packageRoot] + packages {
            let sources = root.appendingPathComponent("Sources")
            for target in ((try? files.contentsOfDirectory(atPath: sources.path)) ?? []).sorted() {
                let folder = sources.appendingPathComponent(target)
                if files.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                    paths.append(folder.path)
                }
            }
        }
        return paths
    }

    /// The folder of the symbol graphs of every module of ``modules``, as
    /// `swift package dump-symbol-graph --minimum-access-level public
    /// --skip-synthesized-members` writes them.
    static func extractSymbolGraphs(into folder: TemporaryFolder) throws -> URL {
        let build = try sceneRunnerURL().deletingLastPathComponent()
        let extract = try #require(
            executableOnPath("swift-symbolgraph-extract"), "swift-symbolgraph-extract is not on PATH")
        let swiftc = try #require(executableOnPath("swiftc"), "swiftc is not on PATH")
        let info = try runExecutable(swiftc, arguments: ["-print-target-info"])
        let target = try #require(
            try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        let triple = try #require((target["target"] as? [String: Any])?["triple"] as? String, "\(info.output)")
        var arguments = ["-target", triple]
        if let sdk = (target["paths"] as? [String: Any])?["sdkPath"] as? String { arguments += ["-sdk", sdk] }
        arguments += try searchPaths(build: build).flatMap { ["-I", $0] }
        arguments += ["-module-cache-path", build.appendingPathComponent("ModuleCache").path]
        arguments += [
            "-minimum-access-level", "public", "-skip-synthesized-members", "-omit-extension-block-symbols",
            "-output-dir", folder.path,
        ]
        for (module, _) in modules {
            let result = try runExecutable(
                extract, arguments: ["-module-name", module] + arguments, mergingErrors: true)
            try #require(result.status == 0, "swift-symbolgraph-extract \(module) failed:\n\(result.output)")
            try #require(
                FileManager.default.fileExists(atPath: folder.path("\(module).symbols.json")),
                "no symbol graph of \(module):\n\(result.output)")
        }
        return folder.url
    }

    // MARK: The page

    /// The first sentence of a symbol's documentation, for a table row.
    static func firstSentence(_ symbol: [String: Any]) -> String {
        let lines = ((symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? [])
            .map { $0["text"] as? String ?? "" }
        var text: [String] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { break }
            text.append(trimmed)
        }
        let paragraph = text.joined(separator: " ")
        let sentence = paragraph.range(of: ". ").map { String(paragraph[..<$0.lowerBound]) + "." } ?? paragraph
        return sentence.replacingOccurrences(of: "``", with: "`").replacingOccurrences(of: "|", with: "\\|")
    }

    /// A public type: its kind, summary, conformances and members.
    struct Entry {
        var kind: String
        var summary: String
        var conformances: Set<String> = []
        var members: Set<String> = []
    }

    /// The page, from the symbol graphs in `folder`.
    static func page(from folder: URL) throws -> String {
        var lines = [
            "# Public API",
            "",
            "Every public type of each library, with the first sentence of its",
            "documentation, what it conforms to, and its members by name. The",
            "documentation comments in the sources say the rest. This page is",
            "generated from the compiler's symbol graphs by `PublicAPITests`",
            "(`SCENE_UPDATE_DOCS=1 swift test --filter PublicAPITests`), which",
            "fails when a module's public symbols change without it.",
            "",
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for (module, purpose) in modules {
            lines += ["## \(module)", "", purpose.prefix(1).uppercased() + purpose.dropFirst() + ".", ""]
            var types: [String: Entry] = [:]
            var extended: [String: Set<String>] = [:]
            for name in files where name == module + ".symbols.json" || name.hasPrefix(module + "@") {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let symbolList = graph["symbols"] as? [[String: Any]] ?? []
                var symbols: [String: [String: Any]] = [:]
                for symbol in symbolList {
                    if let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String { symbols[id] = symbol }
                }
                let foreign = name.contains("@")
                func path(_ symbol: [String: Any]) -> [String] { symbol["pathComponents"] as? [String] ?? [] }
                func kind(_ symbol: [String: Any]) -> String {
                    (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
                }
                func title(_ symbol: [String: Any]) -> String {
                    (symbol["names"] as? [String: Any])?["title"] as? String ?? ""
                }
                for symbol in symbolList {
                    let path = path(symbol)
                    if foreign {
                        let owner = path.count > 1 ? path.dropLast().joined(separator: ".") : path.first ?? ""
                        extended[owner, default: []].insert(title(symbol))
                        continue
                    }
                    if let kindName = kindNames[kind(symbol)], path.count == 1 || typeKinds.contains(kind(symbol)) {
                        let key = path.joined(separator: ".")
                        if types[key] == nil { types[key] = Entry(kind: kindName, summary: firstSentence(symbol)) }
                    }
                }
                for symbol in symbolList where !foreign {
                    let path = path(symbol)
                    guard path.count >= 2 else { continue }
                    let owner = path.dropLast().joined(separator: ".")
                    guard types[owner] != nil, types[path.joined(separator: ".")] == nil else { continue }
                    var member = title(symbol)
                    if kind(symbol) == "swift.enum.case" {
                        member = "case " + (member.split(separator: ".", omittingEmptySubsequences: false).last ?? "")
                    } else if kind(symbol).hasPrefix("swift.type.") {
                        member = "static " + member
                    }
                    types[owner]?.members.insert(member)
                }
                for relation in graph["relationships"] as? [[String: Any]] ?? [] {
                    guard relation["kind"] as? String == "conformsTo", let sourceID = relation["source"] as? String,
                        let source = symbols[sourceID]
                    else { continue }
                    let sourceName = path(source).joined(separator: ".")
                    let targetName =
                        (relation["target"] as? String).flatMap { symbols[$0] }.map { path($0).joined(separator: ".") }
                        ?? (relation["targetFallback"] as? String ?? "?").split(
                            separator: ".", omittingEmptySubsequences: false
                        ).last.map(String.init) ?? ""
                    if foreign {
                        extended[sourceName, default: []].insert("conforms to " + targetName)
                    } else if types[sourceName] != nil, !implicit.contains(targetName) {
                        types[sourceName]?.conformances.insert(targetName)
                    }
                }
            }
            for (path, entry) in types.sorted(by: { $0.key < $1.key }) {
                lines.append("- `\(path)` (\(entry.kind))" + (entry.summary.isEmpty ? "" : ": \(entry.summary)"))
                if !entry.conformances.isEmpty {
                    lines.append(
                        "  Conforms to " + entry.conformances.sorted().map { "`\($0)`" }.joined(separator: ", ") + ".")
                }
                if !entry.members.isEmpty {
                    lines.append("  Members: " + entry.members.sorted().map { "`\($0)`" }.joined(separator: ", ") + ".")
                }
            }
            if !extended.isEmpty {
                lines += ["", "Added to other modules' types:", ""]
                for (path, members) in extended.sorted(by: { $0.key < $1.key }) {
                    lines.append("- `\(path)`: " + members.sorted().map { "`\($0)`" }.joined(separator: ", ") + ".")
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    @Test func thePageListsThePublicAPITheCodeDeclares() throws {
        let folder = try temporaryFolder()
        let text = try Self.page(from: Self.extractSymbolGraphs(into: folder))
        #expect(text.components(separatedBy: "\n- `").count - 1 >= 100, "\(text)")
        #expect(try Self.page.isCurrent(with: text), "\(Self.page.advice(filter: "PublicAPITests"))")
    }
}
