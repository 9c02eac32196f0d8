import Foundation
import TestSupport
import Testing

/// The house rules a compiler does not check, read from `Sources/`: one
/// concept a file at most 500 lines long (CONTRIBUTING.md), the command
/// line's rooms (one type a file, named after it; at most 20 files at the
/// top), and no unchecked integer conversion where a scene's numbers reach
/// the drawing.
@Suite struct SourceRulesTests {
    /// Every Swift file under `folder` of the package, by its path from the root.
    private static func swiftFiles(under folder: String) -> [String] {
        let root = packageRoot.appendingPathComponent(folder)
        if folder.hasSuffix(".swift") { return [folder] }
        let walker = FileManager.default.enumerator(atPath: root.path)
        var found: [String] = []
        while let relative = walker?.nextObject() as? String {
            if relative.hasSuffix(".swift") { found.append(folder + "/" + relative) }
        }
        return found.sorted()
    }

    private static func lines(of path: String) throws -> [Substring] {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    @Test func noSourceFileIsLongerThan500Lines() throws {
        let files = Self.swiftFiles(under: "Sources")
        #expect(files.count > 100)
        let long = try files.filter { try Self.lines(of: $0).count > 500 }
        #expect(long.isEmpty, "split these (one concept a file, at most 500 lines; Type+Concern.swift): \(long)")
    }

    /// `Sources/SceneCommandLine` keeps at most 20 files at its top, the
    /// rest in folders by concept, and every file declares one top-level
    /// type, named like the file (`Type.swift`, or `Type+Concern.swift`
    /// holding extensions only); helpers are nested in it.
    @Test func theCommandLineHoldsOneTypeAFileAndAtMost20FilesAtItsTop() throws {
        let folder = "Sources/SceneCommandLine"
        let top = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent(folder).path
        ).filter { $0.hasSuffix(".swift") }
        #expect(top.count <= 20, "\(folder) has \(top.count) files at its top; move some into a concept's folder")
        let declaration =
            /^(?:(?:public|package|private|fileprivate|internal|final) )*(?:struct|enum|class|actor|protocol) (\w+)/
        var wrong: [String] = []
        for file in Self.swiftFiles(under: folder) {
            let name = file.split(separator: "/").last.map { String($0.dropLast(".swift".count)) } ?? file
            let types = try Self.lines(of: file).compactMap { try declaration.prefixMatch(in: $0).map { String($0.1) } }
            let expected = name.contains("+") ? [] : [name]
            if types != expected { wrong.append("\(file): \(types)") }
        }
        #expect(wrong.isEmpty, "one top-level type a file, named like the file: \(wrong)")
    }

    /// A scene's numbers (a frame 1e21 points high) reach the drawing, and
    /// `Int(x)` of a Double traps on NaN or beyond Int's range: there a
    /// conversion is `Int(clamping:)` (SceneCore's CheckedInteger.swift for a
    /// Double) or names what it does.
    @Test func theDrawingConvertsToIntegersOnlyChecked() throws {
        let folders = [
            "Sources/SceneDrawing", "Sources/SceneBehaviours/Drawing", "Sources/SceneBehaviours/Controls",
            "Sources/ScenePreview/PreviewPainter.swift",
        ]
        let files =
            folders.flatMap(Self.swiftFiles(under:))
            + Self.swiftFiles(under: "Sources/SceneCommandLine").filter { $0.contains("/Timeline/") }
        #expect(files.count > 20)
        let conversion = /\b(U?Int(8|16|32|64)?)\((?!clamping:|truncatingIfNeeded:|exactly:|bitPattern:|ascii:|\))/
        var found: [String] = []
        for file in files {
            for (number, line) in try Self.lines(of: file).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(conversion) {
                found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "convert through Int(clamping:) (a Double) or name the conversion (integers): \(found)")
    }
}
